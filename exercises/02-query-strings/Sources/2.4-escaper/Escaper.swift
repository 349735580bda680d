/// Why a percent-escaped string cannot be unescaped.
public enum UnescapeError: Error, Equatable {
    /// A `%` that is not followed by two hex digits; `offset` is where it is, in UTF-8 bytes.
    case badEscape(offset: Int)
    /// Every escape is well formed, but the bytes they stand for are not UTF-8 (`%C3%28`).
    case notUTF8
}

/// The text that `string` stands for once its escapes are undone: what a server does to every
/// field and value of a query. `%41` is the byte 0x41, in upper- or lower-case hex; everything else
/// stays as it is (a `+` is a plus here: only HTML forms make it a space). It agrees with
/// Foundation's `removingPercentEncoding`, which returns nil where this throws.
public func unescape(_ string: String) throws(UnescapeError) -> String {
    // TODO(2.4): undo every escape, and throw where Foundation's removingPercentEncoding gives nil.
    return string
}
