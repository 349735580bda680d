extension ImageHeader {
    /// Finds the Orientation tag (0x0112) in the first directory of a TIFF structure, the
    /// container EXIF uses inside a JPEG APP1 segment and a PNG eXIf chunk. Anything malformed
    /// means "no orientation": a bad EXIF block must not make a good image undecodable.
    static func exifOrientation(tiff bytes: UnsafeRawBufferPointer) -> ImageOrientation? {
        var reader = ByteReader(bytes)
        let bigEndian: Bool
        switch reader.readUInt16() {
        case 0x4D4D: bigEndian = true  // "MM", Motorola order
        case 0x4949: bigEndian = false  // "II", Intel order
        default: return nil
        }
        guard reader.readUInt16(bigEndian: bigEndian) == 42,
            let directoryOffset = reader.readUInt32(bigEndian: bigEndian),
            reader.seek(to: Int(directoryOffset)),
            let entryCount = reader.readUInt16(bigEndian: bigEndian)
        else { return nil }

        for _ in 0..<entryCount {
            // Each entry: tag, type, value count, then 4 bytes holding a short value itself.
            guard let tag = reader.readUInt16(bigEndian: bigEndian),
                let type = reader.readUInt16(bigEndian: bigEndian),
                let count = reader.readUInt32(bigEndian: bigEndian),
                let value = reader.readUInt16(bigEndian: bigEndian),
                reader.skip(2)
            else { return nil }
            if tag == 0x0112 {
                let isOneShort = type == 3 && count == 1
                return isOneShort ? UInt8(exactly: value).flatMap(ImageOrientation.init) : nil
            }
        }
        return nil
    }
}
