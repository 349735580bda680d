/// `/image/numbered/{n}`: as many distinct images as a test or a benchmark wants, made on the fly.
/// Image `n` is a PNG whose every pixel has red `n / 256`, green `n % 256`, blue 128 and full
/// alpha, so that whoever decodes it can tell which image it got. The pixels are framed with
/// deflate's stored blocks, not compressed: a body costs no compression time on the server, and
/// its size is predictable, `size × size × 4` bytes and a little framing.
extension Routes {
    static func numberedImage(_ request: Request, _ parameters: [String: String]) throws(BadRequest) -> Reply {
        let number = try Parameter.integer(parameters["n"], name: "n", in: 0...65_535)
        let size = try request.integer(query: "size", default: 16, in: 1...1024)
        let delay = try request.integer(query: "delay", default: 0, in: 0...10_000)
        let colour: [UInt8] = [UInt8(number >> 8), UInt8(number & 0xFF), 128, 255]
        let response = Response(contentType: "image/png", body: PNG.rgba(width: size, height: size, pixel: colour))
        return delay > 0 ? [.pause(.milliseconds(Int64(delay))), .respond(response)] : [.respond(response)]
    }
}

/// The smallest PNG writer that gives a real file: signature, IHDR, one IDAT, IEND.
enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An 8-bit RGBA image (colour type 6) with every pixel `pixel` (R, G, B, A).
    static func rgba(width: Int, height: Int, pixel: [UInt8]) -> [UInt8] {
        // Each row starts with its filter type, 0 (none).
        let row = [0] + Array([[UInt8]](repeating: pixel, count: width).joined())
        let scanlines = Array([[UInt8]](repeating: row, count: height).joined())
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", zlib(scanlines)) + chunk("IEND", [])
    }

    /// A zlib stream (RFC 1950): a two-byte header (deflate, 32 KiB window, no dictionary, a check
    /// that makes it a multiple of 31), the deflate data, and the Adler-32 of the input.
    static func zlib(_ input: [UInt8]) -> [UInt8] {
        [0x78, 0x01] + Gzip.storedDeflate(input) + bigEndian(adler32(input))
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        // 5552 bytes is the most that can be summed before the 32-bit sums could overflow.
        for start in stride(from: 0, to: bytes.count, by: 5552) {
            for byte in bytes[start..<min(start + 5552, bytes.count)] {
                a += UInt32(byte)
                b += a
            }
            a %= 65_521
            b %= 65_521
        }
        return b << 16 | a
    }

    /// Length, type, data, and the CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(Gzip.crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian, Array.init)
    }
}
