import Chapter07Exercise3
import Foundation
import ImageInflation
import Testing

/// The first bytes of images, built here so the tests need no files. No checksum is filled in:
/// a sniffer reads sizes, and leaves checking the data to the decoder.
enum Header {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + bytes(width, count: 4) + bytes(height, count: 4) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// Start of image, the `before` segments, a frame header (SOF0 baseline, SOF2 progressive),
    /// then the start of the image data.
    static func jpeg(width: UInt32, height: UInt32, frame: UInt8 = 0xC0, before: [[UInt8]] = []) -> [UInt8] {
        let sof: [UInt8] = [0xFF, frame, 0x00, 0x11, 8] + bytes(height, count: 2) + bytes(width, count: 2)
            + [3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8] + before.joined() + sof + [0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
    }

    /// A segment: 0xFF, its marker, and a length that counts itself.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bytes(UInt32(payload.count + 2), count: 2) + payload
    }

    static func bytes(_ value: UInt32, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}

/// "PNG 300×200", or "nil": a sniffed size as text, which compares and reads well in a failure.
func text(_ size: SniffedSize?) -> String {
    size.map { "\($0.format) \($0.width)×\($0.height)" } ?? "nil"
}

@Suite("7.3 Fix the header sniffer")
struct SnifferTests {
    @Test("A PNG's width and height are read most significant byte first")
    func bigEndianPNG() {
        #expect(text(sniffSize(of: Header.png(width: 300, height: 200), mimeType: "image/png")) == "PNG 300×200")
    }

    @Test("A PNG sent as application/octet-stream is still a PNG")
    func pngWithAnotherType() {
        #expect(text(sniffSize(of: Header.png(width: 16, height: 16), mimeType: "application/octet-stream")) == "PNG 16×16")
    }

    @Test("A JPEG sent as image/png is sniffed as the JPEG it is")
    func jpegSentAsPNG() {
        #expect(text(sniffSize(of: Header.jpeg(width: 640, height: 480), mimeType: "image/png")) == "JPEG 640×480")
    }

    @Test("Bytes that are neither PNG nor JPEG give nil, whatever the MIME type says")
    func neither() {
        let html = Array("<!DOCTYPE html><html><body>Not found</body></html>".utf8)
        #expect(text(sniffSize(of: html, mimeType: "image/png")) == "nil")
    }

    @Test("A JPEG with an EXIF thumbnail reports the size of the image, not of its thumbnail")
    func exifThumbnail() {
        // An APP1 segment holding "Exif", two zero bytes, and (in a real file, after the TIFF
        // directories) a complete 160 × 120 JPEG: the thumbnail has its own frame header.
        let thumbnail = Header.jpeg(width: 160, height: 120) + [0xFF, 0xD9]
        let app1 = Header.segment(0xE1, Array("Exif".utf8) + [0, 0] + thumbnail)
        #expect(text(sniffSize(of: Header.jpeg(width: 4032, height: 3024, before: [app1]), mimeType: "image/jpeg")) == "JPEG 4032×3024")
    }

    @Test("A progressive JPEG (SOF2) is sniffed like a baseline one")
    func progressive() {
        #expect(text(sniffSize(of: Header.jpeg(width: 800, height: 600, frame: 0xC2), mimeType: "image/jpeg")) == "JPEG 800×600")
    }

    @Test("A Huffman table (DHT, FF C4) before the frame header is a table, not a frame header, and so is DAC (FF CC)")
    func tablesBeforeTheFrame() {
        // Some encoders write their tables before the frame header: a quantization table (DQT),
        // then a Huffman table (DHT), whose marker C4 sits among the frame headers' C0–CF.
        let dqt = Header.segment(0xDB, [0x00] + (1...64).map { UInt8($0) })
        let dht = Header.segment(0xC4, [0x00] + [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0] + (0...11).map { UInt8($0) })
        let dac = Header.segment(0xCC, [0x10, 0x55])
        for (before, what) in [([dqt, dht], "DQT, DHT"), ([dht], "DHT"), ([dac, dht], "DAC, DHT")] {
            let found = text(sniffSize(of: Header.jpeg(width: 1920, height: 1080, before: before), mimeType: "image/jpeg"))
            #expect(found == "JPEG 1920×1080", "with \(what) before a 1920 × 1080 frame header, the sniffer read \(found)")
        }
    }

    @Test("A header cut at any length gives nil until its width and height have arrived, then the size, never a crash")
    func cutAtEveryLength() {
        // With no MIME type, so that only the bytes can decide. The JPEG has a JFIF block, a
        // quantization table and a fill byte before its frame header, so the cuts fall inside
        // markers, inside lengths and inside payloads, and right between two segments.
        let png = Header.png(width: 1, height: 70_000)
        let jfif = Header.segment(0xE0, Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0])
        let dqt = Header.segment(0xDB, [0x00] + (1...64).map { UInt8($0) })
        let before = [jfif, dqt, [0xFF]]
        let jpeg = Header.jpeg(width: 1_024, height: 768, before: before)
        let frameStart = 2 + before.joined().count  // where the frame header's 0xFF sits
        // The last byte of each size: the PNG's height ends its IHDR fields, the JPEG's width its frame's.
        let cases = [(png, 24, "PNG 1×70000"), (jpeg, frameStart + 9, "JPEG 1024×768")]
        for (header, sizeEnd, size) in cases {
            for count in 0...header.count {
                let found = text(sniffSize(of: Array(header.prefix(count)), mimeType: nil))
                let (expected, why) = count < sizeEnd
                    ? ("nil", "the size had not all arrived, so nil is the only true answer")
                    : (size, "the width and height had both arrived, so the size is known")
                #expect(found == expected, "a \(size) header cut to its first \(count) of \(header.count) bytes gave \(found): \(why)")
                if found != expected { break }
            }
        }
    }

    @Test("A PNG's size is read from all four bytes of each side, even a size far beyond any real image")
    func fourByteSides() {
        // A decompression bomb declares a size like this one: the limit that refuses it must see it whole.
        let found = text(sniffSize(of: Header.png(width: 20_000_000, height: 16_777_217), mimeType: "image/png"))
        #expect(found == "PNG 20000000×16777217", "a PNG declaring 20000000 × 16777217 pixels was read as \(found)")
    }

    @Test("Bytes that start like a PNG but whose first chunk is not IHDR give nil, not a size read from another chunk")
    func firstChunkNotIHDR() {
        // Apple's "crushed" PNGs put a CgBI chunk before IHDR: where IHDR's width would be, there
        // are CgBI's flags; a PNG decoder refuses the file.
        let header = Header.png(width: 64, height: 64)
        let crushed = Array(header.prefix(8)) + [0, 0, 0, 4] + Array("CgBI".utf8) + [0x50, 0x00, 0x20, 0x06]
            + [0x9A, 0x2B, 0x3C, 0x4D] + Array(header.dropFirst(8))
        let found = text(sniffSize(of: crushed, mimeType: "image/png"))
        #expect(found == "nil", "a PNG whose first chunk is CgBI, not IHDR, was read as \(found)")
    }

    @Test("Every marker before the frame header is taken for what it is: a frame header, a segment to skip by its length, a marker with no length, or the end of the walk")
    func everyMarker() {
        // A payload laid out like a frame header's fields (precision, height 5, width 7, one
        // component): read as a frame header, it gives 7×5 instead of the image's 1920×1080.
        let decoy: [UInt8] = [8, 0, 5, 0, 7, 1, 1, 0x11, 0]
        // DHT (C4), JPG (C8) and DAC (CC) sit among the frame headers' markers but are segments.
        let frames = Set<UInt8>(0xC0...0xCF).subtracting([0xC4, 0xC8, 0xCC])
        var wrong: [String] = []
        for marker in UInt8(0x01)...0xFE where marker != 0x00 && marker != 0xD8 {
            let name = "FF " + String(marker, radix: 16, uppercase: true)
            let bytes: [UInt8]
            let expected: String
            let why: String
            switch marker {
            case _ where frames.contains(marker):
                bytes = Header.jpeg(width: 1920, height: 1080, frame: marker)
                (expected, why) = ("JPEG 1920×1080", "the image's only frame header is \(name)")
            case 0x01, 0xD0...0xD7:
                bytes = Header.jpeg(width: 1920, height: 1080, before: [[0xFF, marker]])
                (expected, why) = ("JPEG 1920×1080", "\(name) stands alone, with no length, before a 1920 × 1080 frame header")
            case 0xD9, 0xDA:
                bytes = Header.jpeg(width: 1920, height: 1080, before: [Header.segment(marker, decoy)])
                (expected, why) = ("nil", "\(name) ends the image or starts its data, and no frame header came before it")
            default:
                bytes = Header.jpeg(width: 1920, height: 1080, before: [Header.segment(marker, decoy)])
                (expected, why) = ("JPEG 1920×1080", "a segment \(name), holding bytes that look like a 7 × 5 frame, comes before a 1920 × 1080 frame header")
            }
            let found = text(sniffSize(of: bytes, mimeType: "image/jpeg"))
            if found != expected { wrong.append("\(why): the sniffer read \(found)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) markers misread; \(wrong.prefix(4).joined(separator: "; "))")
    }

    @Test("Fill bytes (any number of extra 0xFF before a marker) are skipped one at a time")
    func fillBytes() {
        let dqt = Header.segment(0xDB, [0x00] + (1...64).map { UInt8($0) })
        for fill in 1...3 {
            let found = text(sniffSize(of: Header.jpeg(width: 300, height: 500, before: [dqt, Array(repeating: 0xFF, count: fill)]), mimeType: nil))
            #expect(found == "JPEG 300×500", "with \(fill) fill byte(s) before a 300 × 500 frame header, the sniffer read \(found)")
        }
    }

    @Test("A segment longer than 255 bytes, as every real EXIF block is, is skipped by its whole two-byte length")
    func longSegment() {
        // "Exif", two zero bytes, then 500 bytes of TIFF directories (zeros here: the sniffer
        // does not read them), so the segment's length is 508: two bytes, 0x01 and 0xFC.
        let exif = Header.segment(0xE1, Array("Exif".utf8) + [0, 0] + Array(repeating: 0, count: 500))
        let found = text(sniffSize(of: Header.jpeg(width: 4000, height: 3000, before: [exif]), mimeType: nil))
        #expect(found == "JPEG 4000×3000", "after a 508-byte EXIF segment, the sniffer read \(found) instead of the 4000 × 3000 frame header")
    }

    @Test("A frame header that lost its 0xFF is not a marker: where a marker should start and no 0xFF is, the chain is broken and the answer is nil")
    func brokenChain() {
        // After the start of image and a JFIF block, a frame header whose 0xFF has become 0x00,
        // and no 0xFF anywhere after: there is no marker left to walk to.
        let jfif = Header.segment(0xE0, Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0])
        let sof = Header.jpeg(width: 640, height: 480).dropFirst(3).prefix { $0 != 0xFF }  // C0 and the frame's fields
        let intact = text(sniffSize(of: [0xFF, 0xD8] + jfif + [0xFF] + sof, mimeType: "image/jpeg"))
        #expect(intact == "JPEG 640×480", "after a JFIF block, FF C0 and a 640 × 480 frame header gave \(intact)")
        let broken = text(sniffSize(of: [0xFF, 0xD8] + jfif + [0x00] + sof, mimeType: "image/jpeg"))
        #expect(broken == "nil", "the same bytes with 00 C0 where the marker should start gave \(broken): 00 C0 is no marker, so no frame header")
    }

    @Test("The sniffer agrees with the library's ImageHeader(sniffing:) on a thousand random headers")
    func agreesWithTheLibrary() throws {
        var generator = Seeded(state: 7_3)
        let mimeTypes: [String?] = ["image/png", "image/jpeg", "image/gif", "application/octet-stream", nil]
        for _ in 0..<1_000 {
            let width = UInt32.random(in: 1...65_535, using: &generator)
            let height = UInt32.random(in: 1...65_535, using: &generator)
            // Segments of random bytes before the frame header, tables and application data: they
            // may hold 0xFF 0xC0 by chance, and the tables' markers sit among the frame headers'.
            let segments = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                Header.segment([0xC4, 0xCC, 0xDB, 0xDD, 0xE0, 0xE1, 0xE2, 0xEE, 0xFE].randomElement(using: &generator)!,
                               (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            }
            let bytes = Bool.random(using: &generator)
                ? Header.png(width: width, height: height)
                : Header.jpeg(width: width, height: height, frame: [0xC0, 0xC1, 0xC2].randomElement(using: &generator)!, before: segments)
            let library = try ImageHeader(sniffing: Data(bytes))
            let mimeType = mimeTypes.randomElement(using: &generator)!
            let mine = text(sniffSize(of: bytes, mimeType: mimeType))
            let expected = text((library.format, library.width, library.height))
            #expect(mine == expected, "for \(bytes.count) bytes sent as \(mimeType ?? "no MIME type")")
            if mine != expected { return }
        }
    }
}

/// A seeded generator, so that every run builds the same headers and a failure can be replayed.
struct Seeded: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 31)  // the low bits of a bare LCG repeat with a short period
    }
}
