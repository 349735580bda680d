import ImageInflation

/// The format and pixel size an image's first bytes declare.
public typealias SniffedSize = (format: ImageFormat, width: Int, height: Int)

/// Reads the format and the size of a PNG or JPEG from its first bytes, before any decoding; nil
/// for anything else, or for bytes that end before the size.
///
/// Three fixes: the magic bytes decide the format (a server's Content-Type is only a claim, so
/// `mimeType` is not consulted at all); PNG integers are big-endian; and a JPEG is walked segment by
/// segment, so that bytes inside a segment (an EXIF thumbnail holds a whole JPEG) are never
/// mistaken for the image's own frame header.
public func sniffSize(of bytes: [UInt8], mimeType: String?) -> SniffedSize? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
        // The signature (8 bytes), the IHDR chunk's length and type (8), then width and height.
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return (format: .png, width: bigEndian(bytes[16..<20]), height: bigEndian(bytes[20..<24]))
    }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
        return jpegSize(bytes)
    }
    return nil
}

/// Most significant byte first, as PNG and JPEG both store their integers.
private func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.reduce(0) { $0 << 8 | Int($1) }
}

/// Walks the chain of segments after the start-of-image marker: 0xFF, a marker byte, and (for all
/// but a few markers) a two-byte length that counts itself and the segment's contents.
private func jpegSize(_ bytes: [UInt8]) -> SniffedSize? {
    var offset = 2
    while offset + 1 < bytes.count {
        guard bytes[offset] == 0xFF else { return nil }
        let marker = bytes[offset + 1]
        switch marker {
        case 0xFF:
            offset += 1  // a fill byte before the marker
        case 0x01, 0xD0...0xD7:
            offset += 2  // markers without a length
        case 0xD9, 0xDA:
            return nil  // end of image, or the image data: no frame header came first
        default:
            guard offset + 4 <= bytes.count else { return nil }
            let length = bigEndian(bytes[offset + 2..<offset + 4])
            // SOF0 to SOF15 are frame headers, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                // Length (2 bytes), precision (1), then height and width.
                guard offset + 9 <= bytes.count else { return nil }
                return (format: .jpeg, width: bigEndian(bytes[offset + 7..<offset + 9]),
                        height: bigEndian(bytes[offset + 5..<offset + 7]))
            }
            offset += 2 + length
        }
    }
    return nil
}
