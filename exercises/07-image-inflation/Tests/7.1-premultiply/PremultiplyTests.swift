import Chapter07Exercise1
import Foundation
import ImageInflation
import Testing

/// round(c × a / 255) in exact integer arithmetic: (2ca + 255) / 510 rounds half up. No pair is
/// ever exactly half-way (2ca is even, 255 times an odd number is odd), so how ties are broken
/// does not matter.
private func exactlyRounded(_ component: Int, _ alpha: Int) -> UInt8 {
    UInt8((2 * component * alpha + 255) / 510)
}

@Suite("7.1 Premultiply with correct rounding")
struct PremultiplyTests {
    @Test("premultiply equals round(c × a / 255) for all 65,536 pairs of bytes")
    func everyPair() {
        // Counted, with the first few kept: `#expect(wrong.isEmpty)` would print every wrong pair,
        // a million characters, before the count.
        var wrongCount = 0
        var examples: [String] = []
        for component in 0...255 {
            for alpha in 0...255 {
                let mine = premultiply(UInt8(component), by: UInt8(alpha))
                let exact = exactlyRounded(component, alpha)
                guard mine != exact else { continue }
                wrongCount += 1
                if examples.count < 4 { examples.append("premultiply(\(component), by: \(alpha)) = \(mine), not \(exact)") }
            }
        }
        if wrongCount > 0 {
            Issue.record("\(wrongCount) of 65,536 pairs are wrong; the first: \(examples.joined(separator: "; "))")
        }
    }

    @Test("Results round to the nearest byte, not down")
    func roundsToNearest() {
        // 41 × 128 / 255 = 20.58…, 190 × 190 / 255 = 141.57…, 255 × 254 / 255 = 254 exactly.
        #expect(premultiply(41, by: 128) == 21)
        #expect(premultiply(190, by: 190) == 142)
        #expect(premultiply(255, by: 254) == 254)
    }

    @Test("Alpha 0 makes every colour black, and alpha 255 leaves every colour as it is")
    func extremes() {
        let cleared = (0...255).allSatisfy { premultiply(UInt8($0), by: 0) == 0 }
        let kept = (0...255).allSatisfy { premultiply(UInt8($0), by: 255) == UInt8($0) }
        #expect(cleared && kept)
    }

    @Test("A buffer is premultiplied pixel by pixel: B, G and R change, A stays")
    func buffer() {
        var pixels: [UInt8] = [10, 20, 30, 255, 10, 20, 30, 0, 200, 100, 50, 128, 255, 255, 255, 1]
        premultiplyPixels(&pixels)
        #expect(pixels == [10, 20, 30, 255, 0, 0, 0, 0, 100, 50, 25, 128, 1, 1, 1, 1])
    }

    @Test("Your pixels are the bytes the library decodes from a PNG of the same straight pixels")
    func matchesTheLibrary() throws {
        // 64 × 4 pixels: each alpha value 0...255 once, under colours that change from pixel to pixel.
        let (width, height) = (64, 4)
        var rgba: [UInt8] = []
        // The same pixels in B, G, R, A order, straight, for your function to premultiply.
        var mine: [UInt8] = []
        for index in 0..<width * height {
            let (red, green, blue, alpha) = (UInt8(index * 7 % 256), UInt8(255 - index), UInt8(index * 31 % 256), UInt8(index))
            rgba += [red, green, blue, alpha]
            mine += [blue, green, red, alpha]
        }
        let bitmap = try decodeBitmap(from: TinyPNG.rgba(width: width, height: height, pixels: rgba))
        premultiplyPixels(&mine)
        // The first pixel that differs, rather than two arrays of 1,024 bytes.
        let pixel = (0..<width * height).first { mine[$0 * 4..<$0 * 4 + 4] != bitmap.pixels[$0 * 4..<$0 * 4 + 4] }
        #expect(pixel == nil, "\(pixel.map { Self.describe(pixel: $0, straight: rgba, mine: mine, library: bitmap.pixels) } ?? "")")
    }

    /// "pixel 37, straight R G B A = …: yours B G R A = …, the library's …".
    static func describe(pixel: Int, straight rgba: [UInt8], mine: [UInt8], library: [UInt8]) -> String {
        let bytes = { (array: [UInt8]) in array[pixel * 4..<pixel * 4 + 4].map(String.init).joined(separator: " ") }
        return "pixel \(pixel), straight R G B A = \(bytes(rgba)): yours B G R A = \(bytes(mine)), the library's \(bytes(library))"
    }
}

/// Writes an 8-bit RGBA PNG in memory, so that the tests need no image file. The pixel data of a
/// PNG is a zlib stream, and zlib's "stored" blocks hold bytes uncompressed: only the two
/// checksums need computing.
enum TinyPNG {
    static func rgba(width: Int, height: Int, pixels: [UInt8]) -> Data {
        var scanlines: [UInt8] = []
        for row in 0..<height {
            scanlines.append(0)  // filter type 0: the row as it is
            scanlines += pixels[row * width * 4..<(row + 1) * width * 4]
        }
        var zlib: [UInt8] = [0x78, 0x01]  // deflate, 32 KB window, no preset dictionary
        var start = 0
        repeat {
            let count = min(65_535, scanlines.count - start)
            let isLast = start + count == scanlines.count
            let length = UInt16(count)
            zlib += [isLast ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            zlib += scanlines[start..<start + count]
            start += count
        } while start < scanlines.count
        zlib += bigEndian(adler32(scanlines))
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]  // 8-bit RGBA
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(signature + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
    }

    private static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + payload
        return bigEndian(UInt32(payload.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (low, high): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            low = (low + UInt32(byte)) % 65_521
            high = (high + low) % 65_521
        }
        return high << 16 | low
    }
}
