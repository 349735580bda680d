// Chapter 7's header sniffing and skip rules: the first bytes of any file, before a decoder sees
// them. The input is the file.
//
// Properties: a header that sniffs describes a real image (sides over zero, a depth its format
// allows); the bytes give the same header wherever they sit in memory (a `Data` slice does not
// start at index 0); the bomb guard and the skip rules decide from the header alone.
import Foundation
import FuzzSupport
import ImageInflation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    let data = Data(bytes)
    let sniffed = Result { () throws(ImageError) in try ImageHeader(sniffing: data) }
    // The same bytes as a slice of a larger buffer.
    let slice = (Data([0xFF, 0xD8, 0x89]) + data).dropFirst(3)
    let sniffedSlice = Result { () throws(ImageError) in try ImageHeader(sniffing: slice) }
    check(sniffed == sniffedSlice, "a slice sniffs as \(sniffedSlice), the copy as \(sniffed)")

    guard case .success(let header) = sniffed else { return 0 }
    check(header.width > 0 && header.height > 0, "a \(header.width)×\(header.height) image")
    switch header.format {
    case .png:
        check([1, 2, 4, 8, 16].contains(header.bitsPerComponent), "a PNG of \(header.bitsPerComponent) bits")
        check(header.colorModel != .cmyk && header.colorModel != .ycck, "a CMYK PNG")
    case .jpeg:
        check(header.width <= 65535 && header.height <= 65535, "a JPEG side over 65535")
        check(!header.hasAlpha, "a JPEG with alpha")
    }

    // The bomb guard runs on the header: under the limit, the compressed image is made; over it, refused.
    let limit = 1 << (Int(bytes.last ?? 0) % 40)
    let options = DecodingOptions(maxPixelCount: limit)
    switch Result(catching: { () throws(ImageError) in try compressedImage(from: data, options: options) }) {
    case .success(let image):
        check(header.pixelCount <= limit && image.header == header, "a \(header.width)×\(header.height) image passed a limit of \(limit)")
    case .failure(let error):
        check(header.pixelCount > limit && error == .tooLarge(width: header.width, height: header.height, maxPixelCount: limit),
              "a header that sniffed failed with \(error)")
    }

    // The skip rules take any MIME type a server sends.
    for mimeType in [nil, "image/png", "IMAGE/JPEG; q=1", "image/gif", "", ";", " image/png "] {
        let reason = InflationRules.skipReason(for: header, mimeType: mimeType)
        if reason == nil {
            check(header.pixelCount <= InflationRules.maxPixelCount && header.bitsPerComponent <= 8 && !header.colorModel.isCMYK,
                  "the rules would inflate \(header) sent as \(mimeType ?? "nil")")
        }
    }
    return 0
}
