// listing: query-string-pair
/// One `field=value` pair of a query string, before escaping (AFNetworking's `AFQueryStringPair`).
///
/// `field` is the full bracketed path of the value (`user[name]`, `tags[]`); `value` is the value's
/// string form, or nil for a field that has no value (`NSNull`, or a nil optional), which is
/// written as the bare field.
public struct QueryStringPair: Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var value: String?

    public init(field: String, value: String?) {
        self.field = field
        self.value = value
    }

    /// `field=value` with both sides percent-escaped, or the escaped field alone.
    public var urlEncodedStringValue: String {
        guard let value else { return percentEscaped(field) }
        return percentEscaped(field) + "=" + percentEscaped(value)
    }

    public var description: String { urlEncodedStringValue }
}
// end-listing
