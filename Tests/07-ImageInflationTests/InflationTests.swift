import Foundation
import ImageInflation
import Testing

@Suite("AFNetworking's inflation rules")
struct InflationTests {
    static func header(
        width: Int, height: Int, bits: Int = 8, format: ImageFormat = .png,
        colorModel: ColorModel = .rgb
    ) -> ImageHeader {
        ImageHeader(format: format, width: width, height: height, bitsPerComponent: bits, colorModel: colorModel)
    }

    @Test("The limit is on the pixel count, as in AFNetworking: width × height ≤ 1024 × 1024")
    func pixelCountRule() {
        #expect(InflationRules.skipReason(for: Self.header(width: 1024, height: 1024), mimeType: "image/png") == nil)
        #expect(InflationRules.skipReason(for: Self.header(width: 4096, height: 256), mimeType: "image/png") == nil)
        #expect(
            InflationRules.skipReason(for: Self.header(width: 1025, height: 1024), mimeType: "image/png")
                == .tooManyPixels(width: 1025, height: 1024))
    }

    @Test("Only image/png and image/jpeg are inflated, compared without case or parameters")
    func mimeTypeRule() {
        let header = Self.header(width: 1, height: 1)
        #expect(InflationRules.skipReason(for: header, mimeType: "Image/PNG; charset=binary") == nil)
        #expect(InflationRules.skipReason(for: header, mimeType: "image/jpeg") == nil)
        #expect(InflationRules.skipReason(for: header, mimeType: "image/jpg") == .mimeTypeNotInflatable("image/jpg"))
        #expect(InflationRules.skipReason(for: header, mimeType: nil) == .mimeTypeNotInflatable(nil))
    }

    @Test(
        "CMYK and more than 8 bits are skipped, CMYK before size and size before depth",
        arguments: [
            (header(width: 2, height: 2, format: .jpeg, colorModel: .cmyk), SkipReason.cmykJPEG),
            (header(width: 2, height: 2, format: .jpeg, colorModel: .ycck), .cmykJPEG),
            (header(width: 2, height: 2, bits: 16), .moreThan8BitsPerComponent(16)),
            (header(width: 2, height: 2, bits: 12, format: .jpeg, colorModel: .gray), .moreThan8BitsPerComponent(12)),
            // The order shows when two rules apply: CMYK before size, size before depth.
            (header(width: 2048, height: 2048, format: .jpeg, colorModel: .cmyk), .cmykJPEG),
            (header(width: 2048, height: 2048, bits: 16), .tooManyPixels(width: 2048, height: 2048)),
        ])
    func colourAndDepthRules(header: ImageHeader, reason: SkipReason) {
        #expect(
            InflationRules.skipReason(for: header, mimeType: "image/\(header.format == .png ? "png" : "jpeg")")
                == reason)
    }

    @Test("A PNG or JPEG with its own MIME type comes back inflated, with scale and orientation")
    func inflates() throws {
        let image = try inflatedImage(
            from: Fixture.data("jpeg-exif-orientation-6.jpg"), mimeType: "image/jpeg", scale: 2)
        #expect(image.isInflated)
        #expect(image.orientation == .right)
        #expect(image.size == (8, 4))
        #expect(image.bitmap?.pixel(x: 0, y: 0) == opaque(red: 254, green: 0, blue: 0))
    }

    @Test("The bytes choose the decoder: a JPEG sent as image/png is inflated as a JPEG")
    func bytesNotMIMEType() throws {
        let image = try inflatedImage(from: Fixture.data("jpeg-rgb-baseline.jpg"), mimeType: "image/png")
        #expect(image.header.format == .jpeg)
        #expect(image.bitmap == JPEGDecodingTests.rgbBlocks)
    }

    @Test(
        "Skipped images come back compressed, with the reason, and still decode when asked",
        arguments: [
            ("png-rgba8.png", "image/gif", SkipReason.mimeTypeNotInflatable("image/gif")),
            ("jpeg-cmyk-adobe.jpg", "image/jpeg", .cmykJPEG),
            ("jpeg-ycck-adobe.jpg", "image/jpeg", .cmykJPEG),
            ("png-gray8-1025x1024.png", "image/png", .tooManyPixels(width: 1025, height: 1024)),
            ("png-rgba16.png", "image/png", .moreThan8BitsPerComponent(16)),
        ])
    func skipped(name: String, mimeType: String, reason: SkipReason) throws {
        let data = try Fixture.data(name)
        let image = try inflatedImage(from: data, mimeType: mimeType)
        guard case .compressed(let kept, let skipped) = image.representation else {
            Issue.record("\(name) was inflated")
            return
        }
        #expect(skipped == reason)
        #expect(kept == data)
        #expect(try image.decodedBitmap() == decodeBitmap(from: data))
    }

    @Test("Bombs are refused even though the rules would only have skipped them")
    func bombIsAnError() throws {
        let data = try Fixture.data("png-bomb-100000x100000.png")
        #expect(
            throws: ImageError.tooLarge(
                width: 100_000, height: 100_000, maxPixelCount: DecodingOptions.defaultMaxPixelCount)
        ) {
            _ = try inflatedImage(from: data, mimeType: "image/png")
        }
    }

    @Test("Neither PNG nor JPEG is an error, whatever the MIME type says")
    func unrecognized() throws {
        #expect(throws: ImageError.unrecognizedFormat) {
            _ = try inflatedImage(from: Fixture.data("not-png-or-jpeg.gif"), mimeType: "image/png")
        }
        #expect(throws: ImageError.emptyData) { _ = try inflatedImage(from: Data(), mimeType: "image/png") }
    }

    @Test("Errors read as sentences")
    func errorMessages() {
        #expect(
            ImageError.tooLarge(width: 100_000, height: 100_000, maxPixelCount: 67_108_864).description
                == "The image declares 100000×100000 pixels, more than the limit of 67108864.")
        #expect(ImageError.truncatedData(.jpeg).description == "The JPEG data ends before the image is complete.")
    }
}
