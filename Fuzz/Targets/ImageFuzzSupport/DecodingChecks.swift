import Foundation
import FuzzSupport
import ImageInflation

/// What the PNG and JPEG targets check for every file: the decoders through the public API, with
/// the bomb limit, strict and lenient modes, and AFNetworking's skip rules.
///
/// Properties: a file over the pixel limit is refused before decoding, in both modes; a file that
/// decodes strictly decodes the same leniently; a bitmap has the header's size and a consistent
/// layout (opaque pixels have alpha 255, premultiplied colour never exceeds its alpha); the
/// inflated image is the bitmap `decodeBitmap` makes, or the skip rule says why there is none.
public func checkDecoding(_ data: Data, mimeType: String) {
    // 65,536 pixels (a 256 KiB bitmap): enough for every fixture but the 1025-pixel ones, which
    // test the refusal, and small enough that a fuzzed header cannot make each run slow.
    let limit = 1 << 16
    let strict = DecodingOptions(strictness: .strict, maxPixelCount: limit)
    let lenient = DecodingOptions(strictness: .lenient, maxPixelCount: limit)
    let strictBitmap = Result { () throws(ImageError) in try decodeBitmap(from: data, options: strict) }
    let lenientBitmap = Result { () throws(ImageError) in try decodeBitmap(from: data, options: lenient) }
    guard let header = try? ImageHeader(sniffing: data) else {
        check(strictBitmap.isFailure && lenientBitmap.isFailure, "a file whose header does not sniff decoded")
        return
    }

    if header.pixelCount > limit {
        let tooLarge = ImageError.tooLarge(width: header.width, height: header.height, maxPixelCount: limit)
        check(strictBitmap == .failure(tooLarge) && lenientBitmap == .failure(tooLarge), "a bomb was not refused by its header")
    }
    if case .success(let bitmap) = strictBitmap {
        check(lenientBitmap == .success(bitmap), "a strict decode succeeded, the lenient one gave \(lenientBitmap)")
    }
    for case .success(let bitmap) in [strictBitmap, lenientBitmap] {
        checkLayout(bitmap, header: header)
    }

    switch Result(catching: { () throws(ImageError) in try inflatedImage(from: data, mimeType: mimeType, options: strict) }) {
    case .success(let image):
        check(image.header == header, "the image's header is not the sniffed one")
        switch image.representation {
        case .inflated(let bitmap):
            check(strictBitmap == .success(bitmap), "the inflated bitmap differs from decodeBitmap's")
        case .compressed(_, let reason):
            check(reason == InflationRules.skipReason(for: header, mimeType: mimeType), "skipped for \(reason), not the rules' reason")
            let later = Result { () throws(ImageError) in try image.decodedBitmap(options: strict) }
            check(later == strictBitmap, "decoding a skipped image later gives \(later), not \(strictBitmap)")
        }
    case .failure(let error):
        // The bomb guard, or the decode the rules asked for: either way decodeBitmap's failure.
        check(strictBitmap == .failure(error), "inflating failed with \(error), decodeBitmap gave \(strictBitmap)")
    }
}

private func checkLayout(_ bitmap: Bitmap, header: ImageHeader) {
    check(bitmap.width == header.width && bitmap.height == header.height,
          "a \(bitmap.width)×\(bitmap.height) bitmap for a \(header.width)×\(header.height) header")
    check(bitmap.bytesPerRow == bitmap.width * Bitmap.bytesPerPixel && bitmap.pixels.count == bitmap.bytesPerRow * bitmap.height,
          "rows of \(bitmap.bytesPerRow) bytes, \(bitmap.pixels.count) bytes in all")
    for offset in stride(from: 0, to: bitmap.pixels.count, by: Bitmap.bytesPerPixel) {
        let alpha = bitmap.pixels[offset + 3]
        switch bitmap.alphaInfo {
        case .noneSkipFirst:
            check(alpha == 255, "an opaque bitmap with alpha \(alpha)")
        case .premultipliedFirst:
            check(bitmap.pixels[offset..<offset + 3].allSatisfy { $0 <= alpha }, "a premultiplied colour over its alpha")
        }
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}
