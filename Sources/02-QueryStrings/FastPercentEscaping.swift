// listing: fast-escaping
/// Percent-escapes a query-string key or value in one pass over its UTF-8 bytes, with the same
/// result as `percentEscaped`, byte for byte, and no batches.
///
/// Percent-encoding works on bytes, not characters: every byte of a non-ASCII character is escaped,
/// so there is no character to split and nothing to widen. A 128-bit table answers "may this ASCII
/// byte stay as it is?" and the output buffer is sized once for the worst case (three bytes out for
/// every byte in).
public func fastPercentEscaped(_ string: String) -> String {
    let utf8 = string.utf8
    return String(unsafeUninitializedCapacity: utf8.count * 3) { output in
        var written = 0
        for byte in utf8 {
            if QueryByteTable.allows(byte) {
                output[written] = byte
                written += 1
            } else {
                output[written] = UInt8(ascii: "%")
                output[written + 1] = QueryByteTable.hexDigits[Int(byte >> 4)]
                output[written + 2] = QueryByteTable.hexDigits[Int(byte & 0x0F)]
                written += 3
            }
        }
        return written
    }
}
// end-listing

/// The allowed ASCII bytes as two 64-bit masks, read off `queryComponentAllowed` once so that the two
/// escapers cannot disagree about the set.
enum QueryByteTable {
    static let masks: (low: UInt64, high: UInt64) = {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in UInt8(0)..<128 where queryComponentAllowed.contains(Unicode.Scalar(byte)) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return (low, high)
    }()

    /// Foundation writes upper-case hex digits (`%C3%A9`); so must we, to be byte-identical.
    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    @inline(__always)
    static func allows(_ byte: UInt8) -> Bool {
        // Bytes from 0x80 up belong to multi-byte UTF-8 sequences: never allowed.
        if byte < 64 { return masks.low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return masks.high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }
}
