import ImageInflation
import Testing

@Suite("JPEG decoding")
struct JPEGDecodingTests {
    /// The fixtures are flat 8 × 8 blocks at quality 100 without chroma subsampling, colours the
    /// script checked to survive compression: a lossy format with exact expectations.
    static let rgbBlocks = makeBitmap(width: 24, height: 16, alphaInfo: .noneSkipFirst) { x, y in
        let (red, green, blue) = Pattern.rgbBlocks[y / 8][x / 8]
        return opaque(red: red, green: green, blue: blue)
    }

    @Test(
        "Baseline and progressive RGB JPEGs decode to the same exact B, G, R, 0xFF",
        arguments: ["jpeg-rgb-baseline.jpg", "jpeg-rgb-progressive.jpg"])
    func rgb(name: String) throws {
        let bitmap = try decodeBitmap(from: Fixture.data(name))
        #expect(bitmap == Self.rgbBlocks)
        #expect(bitmap.pixel(x: 0, y: 0) == Pixel(blue: 0, green: 0, red: 254, alpha: 255))
    }

    @Test("A grayscale JPEG repeats its gray in B, G and R")
    func gray() throws {
        let expected = makeBitmap(width: 24, height: 16, alphaInfo: .noneSkipFirst) { x, y in
            let v = Pattern.grayBlocks[y / 8][x / 8]
            return opaque(red: v, green: v, blue: v)
        }
        #expect(try decodeBitmap(from: Fixture.data("jpeg-gray.jpg")) == expected)
    }

    /// Adobe stores 255 - ink, so red = stored C × stored K / 255, and so on.
    static let cmykBlocks = makeBitmap(width: 24, height: 16, alphaInfo: .noneSkipFirst) { x, y in
        let (c, m, yellow, k) = Pattern.cmykBlocks[y / 8][x / 8]
        return opaque(red: premultiplied(c, k), green: premultiplied(m, k), blue: premultiplied(yellow, k))
    }

    @Test(
        "Adobe CMYK and YCCK JPEGs decode through the naive CMYK conversion",
        arguments: ["jpeg-cmyk-adobe.jpg", "jpeg-ycck-adobe.jpg"])
    func cmyk(name: String) throws {
        let bitmap = try decodeBitmap(from: Fixture.data(name))
        #expect(bitmap == Self.cmykBlocks)
        // (200, 100, 50) at black 128: half the light of each.
        #expect(bitmap.pixel(x: 8, y: 8) == opaque(red: 100, green: 50, blue: 25))
        #expect(bitmap.pixel(x: 23, y: 15) == opaque(red: 0, green: 0, blue: 0))
    }

    @Test("EXIF orientation is carried, not applied: the pixels stay as stored")
    func orientationIsNotApplied() throws {
        let data = try Fixture.data("jpeg-exif-orientation-6.jpg")
        let bitmap = try decodeBitmap(from: data)
        #expect(bitmap.width == 16 && bitmap.height == 8)
        #expect(bitmap.pixel(x: 0, y: 0) == opaque(red: 254, green: 0, blue: 0))
        #expect(try ImageHeader(sniffing: data).orientation == .right)
    }
}
