@_exported import QueryStrings
@_exported import ResponseValidation
