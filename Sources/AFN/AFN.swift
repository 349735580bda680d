@_exported import QueryStrings
@_exported import RequestSerialization
@_exported import RequestBodies
@_exported import ResponseValidation
@_exported import ResponseParsing
@_exported import ImageInflation
@_exported import TaskDelegates
@_exported import SessionManager
