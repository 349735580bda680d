import Foundation
import ImageInflation
import TestSupport
import Testing

@Suite("Damaged data")
struct DamagedDataTests {
    static let lenient = DecodingOptions(strictness: .lenient)

    @Test("A truncated JPEG is an error by default, and grey-filled when lenient")
    func truncatedJPEG() throws {
        let data = try Fixture.data("jpeg-truncated.jpg")
        #expect(throws: ImageError.truncatedData(.jpeg)) { _ = try decodeBitmap(from: data) }
        let bitmap = try decodeBitmap(from: data, options: Self.lenient)
        #expect(bitmap.pixel(x: 0, y: 0) == opaque(red: 254, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 23, y: 15) == opaque(red: 128, green: 128, blue: 128))
    }

    @Test("A JPEG missing only its end marker is an error by default, and whole when lenient")
    func missingEndOfImage() throws {
        let data = try Fixture.data("jpeg-missing-eoi.jpg")
        #expect(throws: ImageError.truncatedData(.jpeg)) { _ = try decodeBitmap(from: data) }
        #expect(try decodeBitmap(from: data, options: Self.lenient) == JPEGDecodingTests.rgbBlocks)
    }

    @Test("A JPEG with garbage in its image data reports libjpeg's warning as the error")
    func corruptJPEG() throws {
        let data = try Fixture.data("jpeg-corrupt.jpg")
        let error = #expect(throws: ImageError.self) { _ = try decodeBitmap(from: data) }
        guard case .corruptData(.jpeg, let message) = error else {
            Issue.record("expected corrupt JPEG data, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("Corrupt JPEG data"))
        #expect(try decodeBitmap(from: data, options: Self.lenient).width == 24)
    }

    @Test("A truncated PNG is an error in both modes: libpng's simplified API has no partial image")
    func truncatedPNG() throws {
        let data = try Fixture.data("png-truncated.png")
        #expect(throws: ImageError.truncatedData(.png)) { _ = try decodeBitmap(from: data) }
        #expect(throws: ImageError.truncatedData(.png)) { _ = try decodeBitmap(from: data, options: Self.lenient) }
    }

    @Test("A PNG whose checksum fails is corrupt")
    func corruptPNG() throws {
        #expect(throws: ImageError.corruptData(.png, message: "IDAT: incorrect data check")) {
            try decodeBitmap(from: Fixture.data("png-corrupt-crc.png"))
        }
    }

    /// libpng stops after the last pixel row, whose zlib checksum it has verified; the chunks after
    /// it are never read.
    @Test("A PNG missing only its IEND chunk decodes completely")
    func missingIEND() throws {
        #expect(try decodeBitmap(from: Fixture.data("png-missing-iend.png")) == PNGDecodingTests.premultipliedPattern)
    }

    @Test(
        "Declared sizes over the limit are refused before any pixel memory exists",
        arguments: [("png-bomb-100000x100000.png", 100_000), ("jpeg-bomb-65500x65500.jpg", 65500)])
    func bombs(name: String, side: Int) throws {
        let data = try Fixture.data(name)
        let limit = DecodingOptions.defaultMaxPixelCount
        for strictness in [DecodingOptions.Strictness.strict, .lenient] {
            #expect(throws: ImageError.tooLarge(width: side, height: side, maxPixelCount: limit)) {
                try decodeBitmap(from: data, options: DecodingOptions(strictness: strictness))
            }
        }
    }

    @Test("The size limit is a setting")
    func smallerLimit() throws {
        let data = try Fixture.data("png-rgba8.png")
        #expect(throws: ImageError.tooLarge(width: 9, height: 7, maxPixelCount: 62)) {
            try decodeBitmap(from: data, options: DecodingOptions(maxPixelCount: 62))
        }
        #expect(try decodeBitmap(from: data, options: DecodingOptions(maxPixelCount: 63)).width == 9)
    }

    /// Small enough that a corrupted size field cannot make the fuzzing allocate much.
    static let fuzzingLimit = 2_000_000

    @Test(
        "Every truncation of every fixture gives an error or the complete image, never a crash",
        .timeLimit(.minutes(1)), arguments: Fixture.allNames)
    func everyTruncation(name: String) throws {
        let data = try Fixture.data(name)
        let complete = try? decodeBitmap(from: data)
        for length in 0..<data.count {
            let prefix = data.prefix(length)
            // Strict mode never hands back a partial picture.
            if let bitmap = try? decodeBitmap(from: prefix, options: DecodingOptions(maxPixelCount: Self.fuzzingLimit))
            {
                #expect(bitmap == complete, "\(name) cut to \(length) bytes decoded to a different image")
            }
            _ = try? decodeBitmap(
                from: prefix, options: DecodingOptions(strictness: .lenient, maxPixelCount: Self.fuzzingLimit))
        }
    }

    @Test(
        "Thousands of random corruptions give an error or an image, never a crash",
        .timeLimit(.minutes(1)))
    func randomCorruptions() throws {
        let sources = try Fixture.allNames.filter { !$0.contains("1025x1024") }.map(Fixture.data).filter {
            $0.count > 8
        }
        var generator = SeededGenerator(seed: 0x0AF7_0007)
        var decoded = 0
        for _ in 0..<6000 {
            var data = sources.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let offset = Int.random(in: 0..<data.count, using: &generator)
                data[offset] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) {
                data = data.prefix(Int.random(in: 1...data.count, using: &generator))
            }
            let strictness: DecodingOptions.Strictness = Bool.random(using: &generator) ? .strict : .lenient
            let options = DecodingOptions(strictness: strictness, maxPixelCount: Self.fuzzingLimit)
            if let bitmap = try? decodeBitmap(from: data, options: options) {
                decoded += 1
                #expect(bitmap.pixels.count == bitmap.bytesPerRow * bitmap.height)
            }
        }
        // Some damage still decodes (lenient JPEG, bytes a decoder ignores): the fuzzing reaches
        // the decoders and their success path, not only the sniffer's refusals.
        #expect(decoded > 300)
    }
}
