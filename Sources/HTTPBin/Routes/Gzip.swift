import NIOCore

extension Routes {
    /// The echo, sent with `Content-Encoding: gzip`. URLSession (libcurl on Linux) decodes it before
    /// the app sees the body, so the test sees plain JSON while `Content-Length` counts gzip bytes.
    static func gzip(_ request: Request, _: [String: String]) -> Reply {
        var response = Response(echoing: request)
        response.body = ByteBuffer(bytes: Gzip.stored(Array(response.body.readableBytesView)))
        response.headers.add(name: "Content-Encoding", value: "gzip")
        return [.respond(response)]
    }
}

/// A gzip stream (RFC 1952) whose deflate data (RFC 1951) uses only *stored* blocks: the bytes are
/// framed, not compressed.
///
/// Why not zlib: a client's decoder is exercised just the same (gzip header, deflate blocks, CRC-32
/// and length trailer), and writing it by hand keeps the server free of any C library or system
/// package, on Linux and macOS alike. It also shows that gzip is a format before it is a compressor.
enum Gzip {
    static func stored(_ input: [UInt8]) -> [UInt8] {
        // Magic 1f 8b, method 8 (deflate), no flags, no modification time, no extra flags, OS unknown.
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        output += storedDeflate(input)
        output += littleEndian(crc32(input)) + littleEndian(UInt32(truncatingIfNeeded: input.count))
        return output
    }

    /// Deflate data (RFC 1951) made of stored blocks only, shared by gzip and the PNGs of
    /// `/image/numbered`. A stored block holds at most 65,535 bytes: a header byte (bit 0: last
    /// block; bits 1-2: type 00, stored), then LEN and its one's complement NLEN, little-endian.
    static func storedDeflate(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count + 5 * (input.count / 65_535 + 1))
        var blocks = stride(from: 0, to: input.count, by: 65_535).map { input[$0..<min($0 + 65_535, input.count)] }
        if blocks.isEmpty { blocks = [[]] }  // an empty body is still one (last, empty) block
        for (index, block) in blocks.enumerated() {
            output.append(index == blocks.count - 1 ? 1 : 0)
            output += littleEndian(UInt16(block.count)) + littleEndian(~UInt16(block.count))
            output += block
        }
        return output
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }

    /// CRC-32 as gzip, PNG and zip use it (polynomial 0xEDB88320, reflected), one table lookup a byte.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in
            table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
}

extension Routes {
    /// The echo with `Content-Encoding: deflate`, which HTTP means as the zlib format (RFC 1950):
    /// a two-byte header, the deflate data, and the Adler-32 of the bytes.
    static func deflate(_ request: Request, _: [String: String]) -> Reply {
        var response = Response(echoing: request)
        let bytes = Array(response.body.readableBytesView)
        response.body = ByteBuffer(bytes: [0x78, 0x01] + Gzip.storedDeflate(bytes) + Gzip.adler32BigEndian(bytes))
        response.headers.add(name: "Content-Encoding", value: "deflate")
        return [.respond(response)]
    }

    /// `/gzip-bomb/{n}`: n zero bytes (at most 64 MiB), gzip-compressed about 160 times, the most
    /// deflate's fixed codes allow: a small response that a client without a limit inflates whole.
    static func gzipBomb(_ request: Request, _ parameters: [String: String]) throws(BadRequest) -> Reply {
        let count = try Parameter.integer(parameters["n"], name: "n", in: 1...(64 << 20))
        var response = Response(headers: ["Content-Type": "application/octet-stream"])
        response.body = ByteBuffer(bytes: Gzip.zeros(count))
        response.headers.add(name: "Content-Encoding", value: "gzip")
        return [.respond(response)]
    }
}

extension Gzip {
    /// Adler-32 (RFC 1950), the check value of the zlib format, big-endian.
    static func adler32BigEndian(_ bytes: [UInt8]) -> [UInt8] {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return withUnsafeBytes(of: ((b << 16) | a).bigEndian, Array.init)
    }

    /// A gzip stream of `count` zero bytes in one block of deflate's fixed Huffman codes: a
    /// literal 0, then copies of 258 bytes from 1 byte back (13 bits each), then literal zeros for
    /// the rest, and the end-of-block code.
    static func zeros(_ count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the last block
        bits.write(1, count: 2)  // fixed Huffman codes
        bits.writeCode(0x30, length: 8)  // literal 0
        let copies = (count - 1) / 258
        for _ in 0..<copies {
            bits.writeCode(0xC5, length: 8)  // length 258 (code 285)
            bits.writeCode(0, length: 5)  // distance 1 (code 0)
        }
        for _ in 0..<((count - 1) % 258) { bits.writeCode(0x30, length: 8) }
        bits.writeCode(0, length: 7)  // end of block (code 256)
        let crc = ~(0..<count).reduce(~UInt32(0)) { crc, _ in table[Int(crc & 0xFF)] ^ (crc >> 8) }
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        return header + bits.bytes + withUnsafeBytes(of: crc.littleEndian, Array.init)
            + withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian, Array.init)
    }

    /// Deflate's bit order: fields are packed from each byte's lowest bit; Huffman codes go in
    /// from their most significant bit.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var used = 8

        mutating func write(_ value: UInt32, count: Int) {
            for index in 0..<count { append(bit: UInt8((value >> index) & 1)) }
        }

        mutating func writeCode(_ code: UInt32, length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) { append(bit: UInt8((code >> index) & 1)) }
        }

        private mutating func append(bit: UInt8) {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            bytes[bytes.count - 1] |= bit << used
            used += 1
        }
    }
}
