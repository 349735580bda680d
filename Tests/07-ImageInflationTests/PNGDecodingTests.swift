import ImageInflation
import Testing

@Suite("PNG decoding")
struct PNGDecodingTests {
    /// Every pixel of the RGBA pattern, premultiplied by the test's own arithmetic.
    static let premultipliedPattern = makeBitmap(
        width: Pattern.width, height: Pattern.height, alphaInfo: .premultipliedFirst
    ) { x, y in
        let c = Pattern.rgba(x, y)
        return Pixel(
            blue: premultiplied(c.blue, c.alpha), green: premultiplied(c.green, c.alpha),
            red: premultiplied(c.red, c.alpha), alpha: c.alpha)
    }

    @Test("An 8-bit RGBA PNG becomes premultiplied B, G, R, A, every pixel exact")
    func rgba8() throws {
        let bitmap = try decodeBitmap(from: Fixture.data("png-rgba8.png"))
        #expect(bitmap == Self.premultipliedPattern)
        // Two pixels worked by hand: (82, 216, 154) at alpha 128, and anything at alpha 0.
        #expect(bitmap.pixel(x: 8, y: 6) == Pixel(blue: 77, green: 108, red: 41, alpha: 128))
        #expect(bitmap.pixel(x: 0, y: 0) == Pixel(blue: 0, green: 0, red: 0, alpha: 0))
    }

    @Test(
        "A 16-bit PNG decodes exactly like its 8-bit version",
        arguments: ["png-rgba16.png", "png-rgba8-interlaced.png"])
    func sameAsRGBA8(name: String) throws {
        #expect(try decodeBitmap(from: Fixture.data(name)) == Self.premultipliedPattern)
    }

    @Test("An opaque RGB PNG is NoneSkipFirst with 0xFF in the fourth byte")
    func rgb8() throws {
        let expected = makeBitmap(width: Pattern.width, height: Pattern.height, alphaInfo: .noneSkipFirst) { x, y in
            let c = Pattern.rgba(x, y)
            return opaque(red: c.red, green: c.green, blue: c.blue)
        }
        #expect(try decodeBitmap(from: Fixture.data("png-rgb8.png")) == expected)
    }

    @Test("A grayscale PNG repeats its gray in B, G and R")
    func gray8() throws {
        let expected = makeBitmap(width: Pattern.width, height: Pattern.height, alphaInfo: .noneSkipFirst) { x, y in
            let v = Pattern.gray(x, y)
            return opaque(red: v, green: v, blue: v)
        }
        #expect(try decodeBitmap(from: Fixture.data("png-gray8.png")) == expected)
    }

    @Test("A gray and alpha PNG is premultiplied")
    func grayAlpha8() throws {
        let expected = makeBitmap(width: Pattern.width, height: Pattern.height, alphaInfo: .premultipliedFirst) {
            x, y in
            let alpha = Pattern.rgba(x, y).alpha
            let v = premultiplied(Pattern.gray(x, y), alpha)
            return Pixel(blue: v, green: v, red: v, alpha: alpha)
        }
        #expect(try decodeBitmap(from: Fixture.data("png-gray-alpha8.png")) == expected)
    }

    @Test("A 4-bit palette PNG with a tRNS table gets alpha, and entries past the table are opaque")
    func paletteWithTransparency() throws {
        let expected = makeBitmap(width: Pattern.width, height: Pattern.height, alphaInfo: .premultipliedFirst) {
            x, y in
            let index = Pattern.paletteIndex(x, y)
            let (red, green, blue) = Pattern.palette[index]
            let alpha = Pattern.paletteAlphas[index]
            return Pixel(
                blue: premultiplied(blue, alpha), green: premultiplied(green, alpha),
                red: premultiplied(red, alpha), alpha: alpha)
        }
        #expect(try decodeBitmap(from: Fixture.data("png-palette4-trns.png")) == expected)
    }

    /// libpng's simplified API honours gAMA, as the PNG specification asks, with a pure 2.2
    /// power curve: 64 stored as linear light is 255 × (64/255)^(1/2.2) ≈ 136 once encoded.
    @Test("A PNG that declares linear gamma is re-encoded the way libpng does it (pinned values)")
    func gammaIsHonoured() throws {
        let expected = makeBitmap(width: 2, height: 1, alphaInfo: .noneSkipFirst) { x, _ in
            x == 0 ? opaque(red: 136, green: 186, blue: 255) : opaque(red: 0, green: 21, blue: 255)
        }
        #expect(try decodeBitmap(from: Fixture.data("png-rgb8-gamma-linear.png")) == expected)
    }

    @Test("A PNG over a million pixels still decodes when asked directly")
    func large() throws {
        let bitmap = try decodeBitmap(from: Fixture.data("png-gray8-1025x1024.png"))
        #expect(bitmap.width == 1025 && bitmap.height == 1024 && bitmap.bytesPerRow == 4100)
        #expect(bitmap.pixel(x: 0, y: 0) == opaque(red: 0, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 128, y: 0) == opaque(red: 128, green: 128, blue: 128))
        #expect(bitmap.pixel(x: 1024, y: 1023) == opaque(red: 128, green: 128, blue: 128))
    }
}
