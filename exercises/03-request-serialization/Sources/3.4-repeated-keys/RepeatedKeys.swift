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
    // TODO(3.4): replace the default style with a `.custom` closure that writes repeated keys.
    serializer.queryStringSerialization = .defaultStyle
    return serializer
}
