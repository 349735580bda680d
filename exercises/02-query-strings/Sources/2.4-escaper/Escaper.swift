/// Percent-escapes a query-string key or value: every UTF-8 byte of `string` that is not an ASCII
/// letter, digit, `-`, `.`, `_`, `~`, `/` or `?` becomes `%` followed by two upper-case hex digits.
///
/// The result must equal, byte for byte, what Foundation's
/// `string.addingPercentEncoding(withAllowedCharacters: queryComponentAllowed)` returns, without
/// calling Foundation.
public func escape(_ string: String) -> String {
    // TODO(2.4): build the escaped string from the bytes of `string.utf8`.
    return string
}
