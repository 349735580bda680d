import Chapter07Exercise1
import Foundation
import ImageInflation
import Testing

/// round(c × a / 255): what premultiplying does, in exact integer arithmetic.
private func premultiplied(_ component: Int, _ alpha: Int) -> UInt8 {
    UInt8((2 * component * alpha + 255) / 510)
}

/// round(c × 255 / a), halves up, at most 255; 0 for alpha 0: what unpremultiplying must give.
private func exactlyUnpremultiplied(_ component: Int, _ alpha: Int) -> UInt8 {
    alpha == 0 ? 0 : UInt8(min(255, (2 * component * 255 + alpha) / (2 * alpha)))
}

@Suite("7.1 Undo the premultiplication")
struct PremultiplyTests {
    @Test("unpremultiply equals round(c × 255 / a), at most 255, for all 65,536 pairs of bytes")
    func everyPair() {
        // Counted, with the first few kept: `#expect(wrong.isEmpty)` would print every wrong pair.
        var wrongCount = 0
        var examples: [String] = []
        for component in 0...255 {
            for alpha in 0...255 {
                let mine = unpremultiply(UInt8(component), by: UInt8(alpha))
                let exact = exactlyUnpremultiplied(component, alpha)
                guard mine != exact else { continue }
                wrongCount += 1
                if examples.count < 4 { examples.append("unpremultiply(\(component), by: \(alpha)) = \(mine), not \(exact)") }
            }
        }
        if wrongCount > 0 {
            Issue.record("\(wrongCount) of 65,536 pairs are wrong; the first: \(examples.joined(separator: "; "))")
        }
    }

    @Test("Results round to the nearest byte, halves up, not down")
    func roundsToNearest() {
        // 41 × 255 / 128 = 81.68…, 100 × 255 / 200 = 127.5, 1 × 255 / 2 = 127.5, 254 × 255 / 255 = 254.
        #expect(unpremultiply(41, by: 128) == 82)
        #expect(unpremultiply(100, by: 200) == 128)
        #expect(unpremultiply(1, by: 2) == 128)
        #expect(unpremultiply(254, by: 255) == 254)
    }

    @Test("Alpha 0 gives 0, alpha 255 leaves every colour as it is, and a colour above its alpha is clamped to 255")
    func extremes() {
        let cleared = (0...255).allSatisfy { unpremultiply(UInt8($0), by: 0) == 0 }
        let kept = (0...255).allSatisfy { unpremultiply(UInt8($0), by: 255) == UInt8($0) }
        #expect(cleared, "alpha 0: \((0...255).first { unpremultiply(UInt8($0), by: 0) != 0 }.map { "unpremultiply(\($0), by: 0) is not 0" } ?? "")")
        #expect(kept)
        #expect(unpremultiply(200, by: 100) == 255 && unpremultiply(255, by: 1) == 255)
    }

    @Test("A buffer is unpremultiplied pixel by pixel: B, G and R change, A stays")
    func buffer() {
        var pixels: [UInt8] = [10, 20, 30, 255, 0, 0, 0, 0, 100, 50, 25, 128, 1, 1, 1, 2]
        unpremultiplyPixels(&pixels)
        #expect(pixels == [10, 20, 30, 255, 0, 0, 0, 0, 199, 100, 50, 128, 128, 128, 128, 2])
    }

    @Test("The library's premultiplied pixels, unpremultiplied and premultiplied again, are the library's pixels")
    func roundTripsTheLibrary() throws {
        // 64 × 4 pixels: each alpha value 0...255 once, under colours that change from pixel to pixel.
        let (width, height) = (64, 4)
        var rgba: [UInt8] = []
        for index in 0..<width * height {
            rgba += [UInt8(index * 7 % 256), UInt8(255 - index), UInt8(index * 31 % 256), UInt8(index)]
        }
        let library = try decodeBitmap(from: TinyPNG.rgba(width: width, height: height, pixels: rgba)).pixels
        var mine = library
        unpremultiplyPixels(&mine)
        var again = mine
        for offset in stride(from: 0, to: again.count, by: 4) {
            let alpha = Int(mine[offset + 3])
            for channel in offset..<offset + 3 { again[channel] = premultiplied(Int(mine[channel]), alpha) }
        }
        let pixel = (0..<width * height).first { again[$0 * 4..<$0 * 4 + 4] != library[$0 * 4..<$0 * 4 + 4] }
        #expect(pixel == nil, "\(pixel.map { Self.describe(pixel: $0, library: library, mine: mine, again: again) } ?? "")")
    }

    /// "pixel 37: the library's B G R A …, yours unpremultiplied …, premultiplied again …".
    static func describe(pixel: Int, library: [UInt8], mine: [UInt8], again: [UInt8]) -> String {
        let bytes = { (array: [UInt8]) in array[pixel * 4..<pixel * 4 + 4].map(String.init).joined(separator: " ") }
        return "pixel \(pixel): the library's B G R A \(bytes(library)), yours unpremultiplied \(bytes(mine)), premultiplied again \(bytes(again))"
    }

    @Test("Your predictions: how many colours survive the round trip at alpha 128, and which alphas keep all 256")
    func predictions() {
        let survivors = (0...255).filter { Int(exactlyUnpremultiplied(Int(premultiplied($0, 128)), 128)) == $0 }.count
        let keepers = (0...255).filter { alpha in (0...255).allSatisfy { Int(exactlyUnpremultiplied(Int(premultiplied($0, alpha)), alpha)) == $0 } }
        // Compared first, so that a failure shows your prediction and not the answer.
        let countIsRight = coloursKeptAtAlpha128 == survivors
        let alphasAreRight = alphasThatKeepEveryColour == keepers.map(UInt8.init)
        #expect(countIsRight, "\(coloursKeptAtAlpha128) is not how many colours come back at alpha 128")
        #expect(alphasAreRight, "\(alphasThatKeepEveryColour) are not the alphas that give every colour back")
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
