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

    @Test("A PNG cut inside its header gives nil, and the whole header gives the size, with no MIME type")
    func cutShort() {
        let header = Header.png(width: 1, height: 70_000)
        #expect(text(sniffSize(of: Array(header.prefix(20)), mimeType: nil)) == "nil")
        #expect(text(sniffSize(of: header, mimeType: nil)) == "PNG 1×70000")
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
