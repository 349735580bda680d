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
