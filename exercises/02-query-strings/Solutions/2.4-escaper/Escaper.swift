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
    let input = Array(string.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
        guard input[index] == UInt8(ascii: "%") else {
            bytes.append(input[index])
            index += 1
            continue
        }
        guard index + 2 < input.count, let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2]) else {
            throw .badEscape(offset: index)
        }
        bytes.append(high << 4 | low)
        index += 3
    }
    // An escape stands for a byte, not a character: `é` is two escapes, and only the bytes taken
    // together are text. `String(validating:)` refuses bytes that are not UTF-8 instead of
    // repairing them with U+FFFD, as `String(decoding:as:)` would.
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
    return text
}

/// The value of one hex digit, either case; nil for any other byte.
private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
}
