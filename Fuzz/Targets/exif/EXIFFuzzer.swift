// Chapter 7's EXIF orientation: a TIFF structure from the fuzzer's bytes, carried the two ways
// the course reads it, in a JPEG APP1 segment and in a PNG eXIf chunk, around an image that is
// otherwise valid. The input is the TIFF block.
//
// Properties: a bad EXIF block never makes a good image fail to sniff, and both containers give
// the same orientation for the same block.
import Foundation
import FuzzSupport
import ImageInflation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIF(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let tiff = Array(fuzzBytes(start, count).prefix(65_000))  // what one JPEG segment can carry
    let fromJPEG = Result { () throws(ImageError) in try ImageHeader(sniffing: jpeg(carrying: tiff)) }
    let fromPNG = Result { () throws(ImageError) in try ImageHeader(sniffing: png(carrying: tiff)) }
    guard case .success(let jpegHeader) = fromJPEG, case .success(let pngHeader) = fromPNG else {
        check(false, "an EXIF block made a valid image fail: JPEG \(fromJPEG), PNG \(fromPNG)")
        return 0
    }
    check(jpegHeader.orientation == pngHeader.orientation,
          "the JPEG reads \(jpegHeader.orientation), the PNG \(pngHeader.orientation)")
    return 0
}

/// Start of image, an APP1 "Exif" segment holding `tiff`, a 1×1 greyscale frame header, start of scan.
func jpeg(carrying tiff: [UInt8]) -> Data {
    let segmentLength = 2 + 6 + tiff.count
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(segmentLength >> 8), UInt8(segmentLength & 0xFF)]
    bytes += Array("Exif".utf8) + [0, 0] + tiff
    bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
    bytes += [0xFF, 0xDA]
    return Data(bytes)
}

/// The PNG signature, a 1×1 RGB IHDR, an eXIf chunk holding `tiff`, and the start of IDAT. The
/// sniffer leaves CRCs to libpng, so they are zeros here.
func png(carrying tiff: [UInt8]) -> Data {
    func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        return withUnsafeBytes(of: length.bigEndian, Array.init) + Array(type.utf8) + payload + [0, 0, 0, 0]
    }
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
    bytes += chunk("eXIf", tiff)
    bytes += chunk("IDAT", [])
    return Data(bytes)
}
