/// Chunk types are four ASCII letters; read as a big-endian UInt32 they compare in one step.
enum PNGChunkType {
    static let header: UInt32 = 0x4948_4452  // IHDR
    static let imageData: UInt32 = 0x4944_4154  // IDAT
    static let end: UInt32 = 0x4945_4E44  // IEND
    static let transparency: UInt32 = 0x7452_4E53  // tRNS
    static let exif: UInt32 = 0x6558_4966  // eXIf
}

extension ImageHeader {
    // listing: sniff-png-ihdr
    /// The PNG signature is followed by the IHDR chunk, always first and always 13 bytes; the
    /// chunks between it and the first IDAT may add transparency (tRNS) and orientation (eXIf).
    static func sniffPNG(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageHeader {
        var reader = ByteReader(bytes)
        guard reader.skip(pngSignature.count),
            let length = reader.readUInt32(), let type = reader.readUInt32(),
            let width = reader.readUInt32(), let height = reader.readUInt32(),
            let bitDepth = reader.readUInt8(), let colorType = reader.readUInt8(),
            let compression = reader.readUInt8(), let filter = reader.readUInt8(),
            let interlace = reader.readUInt8(), reader.skip(4)  // the CRC: libpng checks it
        else { throw .truncatedHeader(.png) }

        guard type == PNGChunkType.header, length == 13 else {
            throw .invalidHeader(.png, reason: "the first chunk is not a 13-byte IHDR")
        }
        guard (1...UInt32(Int32.max)).contains(width), (1...UInt32(Int32.max)).contains(height) else {
            throw .invalidHeader(.png, reason: "a side of \(width)×\(height) is 0 or over 2^31 - 1")
        }
        guard let (colorModel, hasAlphaChannel) = pngColorModel(colorType, bitDepth) else {
            throw .invalidHeader(.png, reason: "colour type \(colorType) at \(bitDepth) bits")
        }
        guard compression == 0, filter == 0, interlace <= 1 else {
            throw .invalidHeader(.png, reason: "an unknown compression, filter or interlace method")
        }
        var header = ImageHeader(
            format: .png, width: Int(width), height: Int(height), bitsPerComponent: Int(bitDepth),
            colorModel: colorModel, hasAlpha: hasAlphaChannel, isInterlaced: interlace == 1)
        // end-listing

        // listing: sniff-png-chunks
        while let length = reader.readUInt32(), let type = reader.readUInt32(),
            type != PNGChunkType.imageData, type != PNGChunkType.end,
            let payload = reader.readBytes(Int(length)), reader.skip(4)
        {
            switch type {
            case PNGChunkType.transparency where !hasAlphaChannel:
                header.hasAlpha = true  // a palette alpha table, or one colour made transparent
            case PNGChunkType.exif:
                header.orientation = exifOrientation(tiff: payload) ?? header.orientation
            default:
                break
            }
        }
        return header
    }
    // end-listing

    /// The colour types and bit depths the PNG specification allows, with what each means.
    private static func pngColorModel(_ colorType: UInt8, _ bitDepth: UInt8)
        -> (ColorModel, hasAlphaChannel: Bool)?
    {
        switch (colorType, bitDepth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): (.gray, false)
        case (2, 8), (2, 16): (.rgb, false)
        case (3, 1), (3, 2), (3, 4), (3, 8): (.indexed, false)
        case (4, 8), (4, 16): (.gray, true)
        case (6, 8), (6, 16): (.rgb, true)
        default: nil
        }
    }
}
