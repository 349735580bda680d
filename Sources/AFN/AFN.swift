@_exported import QueryStrings
