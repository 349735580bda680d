import Foundation
import QueryStrings
import RequestSerialization

/// The error your query closure throws for a parameter it cannot express.
public struct NestedParameterError: Error, Equatable {
    public var key: String

    public init(key: String) {
        self.key = key
    }
}

/// An HTTP serializer for an API that wants arrays as repeated keys (`tag=a&tag=b`, not
/// `tag[]=a&tag[]=b`) and has no way to express nested dictionaries.
///
/// Give it a custom query-string serialization: keys sorted, each key and value percent-escaped
/// as chapter 2 escapes them, an array's elements each as `key=element`, and a nested dictionary
/// (at the top level or inside an array) refused with `NestedParameterError(key:)`.
public func repeatedKeysSerializer() -> HTTPRequestSerializer {
    var serializer = HTTPRequestSerializer(languages: ["en"], userAgent: nil)
    serializer.queryStringSerialization = .custom { _, parameters in
        let dictionary = parameters as? [String: Any] ?? [:]
        var pairs: [String] = []
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            // An array repeats its key; any other value is a one-element list.
            for element in value as? [Any] ?? [value] {
                // Throwing is how the closure says "no request": the serializer passes the error
                // on to its caller, wrapped in `.queryStringSerializationFailed`.
                if element is [String: Any] { throw NestedParameterError(key: key) }
                pairs.append(QueryStringPair(field: key, value: "\(element)").urlEncodedStringValue)
            }
        }
        return pairs.joined(separator: "&")
    }
    return serializer
}
