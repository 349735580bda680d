/// Percent-escapes a query-string key or value: every UTF-8 byte of `string` that is not an ASCII
/// letter, digit, `-`, `.`, `_`, `~`, `/` or `?` becomes `%` followed by two upper-case hex digits.
///
/// The result must equal, byte for byte, what Foundation's
/// `string.addingPercentEncoding(withAllowedCharacters: queryComponentAllowed)` returns, without
/// calling Foundation.
public func escape(_ string: String) -> String {
    var escaped: [UInt8] = []
    escaped.reserveCapacity(string.utf8.count)
    // Bytes, not characters: a non-ASCII character is two to four bytes, and each one is escaped
    // on its own, so `é` (C3 A9) becomes %C3%A9.
    for byte in string.utf8 {
        if allowedBytes.contains(byte) {
            escaped.append(byte)
        } else {
            escaped.append(UInt8(ascii: "%"))
            escaped.append(hexDigits[Int(byte >> 4)])
            escaped.append(hexDigits[Int(byte & 0x0F)])
        }
    }
    return String(decoding: escaped, as: UTF8.self)
}

/// RFC 3986's unreserved characters, plus `/` and `?`, which a query may hold as they are.
private let allowedBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?".utf8)

private let hexDigits = Array("0123456789ABCDEF".utf8)
