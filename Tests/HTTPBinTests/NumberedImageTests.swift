import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `/image/numbered/{n}` and the bomb fixture, checked byte by byte with a PNG reader written
/// here, independently of the server's writer (and of the course's decoder, which HTTPBin's tests
/// do not depend on).
@Suite("Numbered images and the bomb")
struct NumberedImageTests {
    @Test("Image n is a valid PNG: every chunk's CRC holds, and the pixels inflate to n's colour")
    func numbered() async throws {
        try await withServer { server in
            let fetched = try await fetch(server.url("/image/numbered/258?size=3"))
            #expect(fetched.status == 200)
            #expect(fetched.header("Content-Type") == "image/png")
            let png = try PNGFile(Array(fetched.data))
            #expect(png.types == ["IHDR", "IDAT", "IEND"])
            #expect(png.width == 3 && png.height == 3)
            #expect(png.header.suffix(5) == [8, 6, 0, 0, 0])  // 8 bits, RGBA, no interlace
            let row: [UInt8] = [0] + Array([[UInt8]](repeating: [1, 2, 128, 255], count: 3).joined())
            let pixels = try png.scanlines()
            #expect(pixels == Array([[UInt8]](repeating: row, count: 3).joined()))
        }
    }

    @Test("Different numbers give different images; the same number gives the same bytes")
    func distinct() async throws {
        try await withServer { server in
            let one = try await fetch(server.url("/image/numbered/1")).data
            let two = try await fetch(server.url("/image/numbered/2")).data
            let again = try await fetch(server.url("/image/numbered/1")).data
            #expect(one != two)
            #expect(again == one)
            let first = try PNGFile(Array(one))
            #expect(first.width == 16)
        }
    }

    @Test("A large image spans several stored blocks and still inflates whole")
    func large() async throws {
        try await withServer { server in
            let fetched = try await fetch(server.url("/image/numbered/65535?size=300"))
            let png = try PNGFile(Array(fetched.data))
            let pixels = try png.scanlines()
            #expect(pixels.count == 300 * (1 + 300 * 4))
            #expect(Array(pixels[1...4]) == [255, 255, 128, 255])
        }
    }

    @Test(
        "A number, size or delay out of range is refused with 400, and a delayed image still arrives",
        arguments: [
            "/image/numbered/65536", "/image/numbered/x", "/image/numbered/1?size=0", "/image/numbered/1?size=1025",
            "/image/numbered/1?delay=10001",
        ])
    func refused(path: String) async throws {
        try await withServer { server in
            let refused = try await fetch(server.url(path))
            let delayed = try await fetch(server.url("/image/numbered/1?delay=50"))
            #expect(refused.status == 400)
            #expect(delayed.status == 200)
        }
    }

    @Test("The bomb fixture is 69 bytes that declare 100,000 × 100,000 pixels")
    func bomb() async throws {
        try await withServer { server in
            let fetched = try await fetch(server.url("/image/png?fixture=bomb"))
            #expect(fetched.data.count == 69)
            let png = try PNGFile(Array(fetched.data))
            #expect(png.width == 100_000 && png.height == 100_000)
        }
    }
}

/// A PNG read chunk by chunk, each CRC checked.
struct PNGFile {
    struct Malformed: Error { let reason: String }

    var chunks: [(type: String, data: [UInt8])] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Malformed(reason: "no signature")
        }
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Malformed(reason: "a chunk header is cut") }
            let length = Int(Self.bigEndian(bytes, offset))
            guard offset + 12 + length <= bytes.count else { throw Malformed(reason: "a chunk is cut") }
            let body = Array(bytes[offset + 4..<offset + 8 + length])
            guard Self.bigEndian(bytes, offset + 8 + length) == Self.crc32(body) else {
                throw Malformed(reason: "bad CRC")
            }
            chunks.append((String(decoding: body.prefix(4), as: UTF8.self), Array(body.dropFirst(4))))
            offset += 12 + length
        }
    }

    var types: [String] { chunks.map(\.type) }
    var header: [UInt8] { chunks.first { $0.type == "IHDR" }?.data ?? [] }
    var width: UInt32 { Self.bigEndian(header, 0) }
    var height: UInt32 { Self.bigEndian(header, 4) }

    /// The IDAT data through zlib: this reader knows stored blocks only, which is all the server
    /// writes, and checks the Adler-32 at the end.
    func scanlines() throws -> [UInt8] {
        let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        guard stream.count >= 6, stream[0] == 0x78, (UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31 == 0 else {
            throw Malformed(reason: "no zlib header")
        }
        var output: [UInt8] = []
        var offset = 2
        while true {
            guard offset + 5 <= stream.count, stream[offset] & 0b110 == 0 else {
                throw Malformed(reason: "not a stored block")
            }
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let check = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            guard length == ~check & 0xFFFF, offset + 5 + length <= stream.count else {
                throw Malformed(reason: "bad block length")
            }
            output += stream[offset + 5..<offset + 5 + length]
            let last = stream[offset] & 1 == 1
            offset += 5 + length
            if last { break }
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in output {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        guard offset + 4 == stream.count, Self.bigEndian(stream, offset) == b << 16 | a else {
            throw Malformed(reason: "bad Adler-32")
        }
        return output
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc = ~UInt32(0)
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
