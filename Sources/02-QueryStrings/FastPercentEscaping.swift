// listing: fast-escaping
/// Percent-escapes a query-string key or value in one pass over its UTF-8 bytes: the same bytes as
/// `percentEscaped`, with no batches. The output is sized once for the worst case, three bytes out
/// for every byte in.
public func fastPercentEscaped(_ string: String) -> String {
    var string = string
    string.makeContiguousUTF8()  // a no-op for native strings; bridged ones are copied once
    return string.utf8.withContiguousStorageIfAvailable { input in
        String(unsafeUninitializedCapacity: input.count * 3) { output in
            escapeBytes(input, into: output, allowed: QueryByteTable.masks)
        }
    } ?? ""  // unreachable: the storage was just made contiguous
}
// end-listing

// listing: escape-bytes
/// The loop itself, over raw buffers: no reference counting, no lazy globals, no index checks.
@inline(__always)
private func escapeBytes(
    _ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
    allowed: (low: UInt64, high: UInt64)
) -> Int {
    var written = 0
    for byte in input {
        let mask = byte < 64 ? allowed.low : (byte < 128 ? allowed.high : 0)
        if mask & (1 &<< UInt64(byte & 63)) != 0 {
            output[written] = byte
            written += 1
        } else {
            output[written] = UInt8(ascii: "%")
            output[written + 1] = hexDigit(byte >> 4)
            output[written + 2] = hexDigit(byte & 0x0F)
            written += 3
        }
    }
    return written
}

/// Foundation writes upper-case hex digits (`%C3%A9`); so must we, to be byte-identical.
@inline(__always)
private func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
}
// end-listing

/// The allowed ASCII bytes as two 64-bit masks (bytes 0–63 and 64–127), read off
/// `queryComponentAllowed` once, so that the two escapers cannot disagree about the set. Bytes from
/// 0x80 up belong to multi-byte UTF-8 sequences and are never allowed.
enum QueryByteTable {
    static let masks: (low: UInt64, high: UInt64) = {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in UInt8(0)..<128 where queryComponentAllowed.contains(Unicode.Scalar(byte)) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return (low, high)
    }()
}
