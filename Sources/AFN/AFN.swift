@_exported import QueryStrings
@_exported import ResponseValidation
@_exported import ResponseParsing
@_exported import ImageInflation
