// listing: jpeg-markers
/// The marker bytes that matter before the image data (each follows a 0xFF).
enum JPEGMarker {
    static let startOfImage: UInt8 = 0xD8
    static let endOfImage: UInt8 = 0xD9
    static let startOfScan: UInt8 = 0xDA
    static let exif: UInt8 = 0xE1  // APP1
    static let adobe: UInt8 = 0xEE  // APP14

    /// The restart markers (RST0 to RST7) and TEM have no length and no payload.
    static func standsAlone(_ marker: UInt8) -> Bool {
        (0xD0...0xD7).contains(marker) || marker == 0x01
    }

    /// SOF0 to SOF15 are frame headers, except DHT (C4), JPG (C8) and DAC (CC), which share
    /// the range.
    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// SOF2, SOF6, SOF10 and SOF14 are the progressive processes.
    static func isProgressive(_ marker: UInt8) -> Bool {
        isStartOfFrame(marker) && marker & 0x03 == 0x02
    }
}
// end-listing

/// The frame header (SOFn) fields the image header needs.
private struct JPEGFrame {
    var width: Int
    var height: Int
    var precision: Int
    var componentCount: Int
    var isProgressive: Bool
}

extension ImageHeader {
    /// A JPEG is a chain of markers. Walk it the way libjpeg's jpeg_read_header does, up to the
    /// start of the image data, so both agree on which frame header describes the image; the
    /// Adobe marker that decides CMYK or YCCK may come before or after it.
    static func sniffJPEG(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageHeader {
        var reader = ByteReader(bytes)
        _ = reader.skip(2)  // start of image, already matched
        var frame: JPEGFrame?
        var adobeTransform: UInt8?
        var orientation = ImageOrientation.up

        while let marker = nextMarker(&reader) {
            if marker == JPEGMarker.startOfScan || marker == JPEGMarker.endOfImage {
                guard let frame else {
                    throw .invalidHeader(.jpeg, reason: "no frame header before the image data")
                }
                return try header(frame, adobeTransform: adobeTransform, orientation: orientation)
            }
            if marker == JPEGMarker.startOfImage {
                throw .invalidHeader(.jpeg, reason: "a second start-of-image marker")
            }
            if JPEGMarker.standsAlone(marker) { continue }

            // Every other marker has a big-endian length that counts itself.
            guard let length = reader.readUInt16(), length >= 2,
                let payload = reader.readBytes(Int(length) - 2)
            else { break }
            var segment = ByteReader(payload)
            if JPEGMarker.isStartOfFrame(marker) {
                guard frame == nil else {
                    throw .invalidHeader(.jpeg, reason: "two frame headers")
                }
                frame = try frameHeader(&segment, marker: marker)
            } else if marker == JPEGMarker.exif, segment.readUInt32() == 0x4578_6966,  // "Exif"
                segment.readUInt16() == 0, let tiff = segment.readBytes(segment.remaining)
            {
                orientation = exifOrientation(tiff: tiff) ?? orientation
            } else if marker == JPEGMarker.adobe, segment.readUInt32() == 0x4164_6F62,  // "Adob"
                segment.readUInt8() == 0x65, segment.skip(6)
            {  // "e"
                adobeTransform = segment.readUInt8()
            }
        }
        // The data ended before the image data began. The size is known if the frame was seen,
        // and the decoder will report the truncation.
        guard let frame else { throw .truncatedHeader(.jpeg) }
        return try header(frame, adobeTransform: adobeTransform, orientation: orientation)
    }

    /// Like libjpeg's next_marker: skip whatever precedes a 0xFF, then any 0xFF fill bytes.
    /// 0xFF 0x00 is an escaped data byte, not a marker.
    private static func nextMarker(_ reader: inout ByteReader) -> UInt8? {
        while let byte = reader.readUInt8() {
            guard byte == 0xFF else { continue }
            var marker = reader.readUInt8()
            while marker == 0xFF { marker = reader.readUInt8() }
            guard let marker else { return nil }
            if marker != 0x00 { return marker }
        }
        return nil
    }

    private static func frameHeader(_ segment: inout ByteReader, marker: UInt8)
        throws(ImageError) -> JPEGFrame
    {
        guard let precision = segment.readUInt8(), let height = segment.readUInt16(),
            let width = segment.readUInt16(), let componentCount = segment.readUInt8()
        else { throw .invalidHeader(.jpeg, reason: "a frame header shorter than its fields") }
        guard width > 0, height > 0 else {
            // Height 0 means "given later by a DNL marker", which libjpeg does not support.
            throw .invalidHeader(.jpeg, reason: "a frame of \(width)×\(height) pixels")
        }
        return JPEGFrame(
            width: Int(width), height: Int(height), precision: Int(precision),
            componentCount: Int(componentCount),
            isProgressive: JPEGMarker.isProgressive(marker))
    }

    private static func header(
        _ frame: JPEGFrame, adobeTransform: UInt8?,
        orientation: ImageOrientation
    ) throws(ImageError) -> ImageHeader {
        let colorModel: ColorModel
        switch frame.componentCount {
        case 1: colorModel = .gray
        case 3: colorModel = .rgb  // YCbCr, or RGB when an Adobe marker says "no transform"
        case 4:
            // libjpeg's rule: plain CMYK unless an Adobe marker names a transform (2 is YCCK).
            let isPlainCMYK = adobeTransform == nil || adobeTransform == 0
            colorModel = isPlainCMYK ? .cmyk : .ycck
        default:
            throw .invalidHeader(.jpeg, reason: "\(frame.componentCount) colour components")
        }
        return ImageHeader(
            format: .jpeg, width: frame.width, height: frame.height,
            bitsPerComponent: frame.precision, colorModel: colorModel, hasAlpha: false,
            isInterlaced: frame.isProgressive, orientation: orientation)
    }
}
