import NIOCore
import NIOHTTP1
import TestSupport

/// Bodies for the progress and data-accumulation chapters: large ones, chunked ones, slow ones.
extension Routes {
    /// Bounds every generated body, so that no URL can make the server allocate without limit.
    static let largestGeneratedBody = 64 << 20

    static func bytes(_ request: Request, _ parameters: [String: String]) throws(BadRequest) -> Reply {
        let count = try Parameter.integer(parameters["n"], name: "n", in: 0...largestGeneratedBody)
        let seed = try request.integer(query: "seed", default: 0, in: 0...Int.max)
        return [
            .respond(
                Response(
                    headers: ["Content-Type": "application/octet-stream"], body: pseudoRandomBytes(count, seed: seed)))
        ]
    }

    /// `Transfer-Encoding: chunked`: no `Content-Length`, so `expectedContentLength` is -1 and a
    /// progress total is unknown. Each chunk is flushed on its own.
    static func streamBytes(_ request: Request, _ parameters: [String: String]) throws(BadRequest) -> Reply {
        let count = try Parameter.integer(parameters["n"], name: "n", in: 0...largestGeneratedBody)
        let seed = try request.integer(query: "seed", default: 0, in: 0...Int.max)
        // At most 65,536 chunks, whatever the client asks: each chunk is a step of the script.
        let chunkSize = max(
            try request.integer(query: "chunk_size", default: 10_240, in: 1...Int.max), count / 65_536 + 1)
        let body = pseudoRandomBytes(count, seed: seed)
        let head: HTTPHeaders = [
            "Content-Type": "application/octet-stream", "Transfer-Encoding": "chunked", "Connection": "close",
        ]
        var reply: Reply = [.send(Wire.head(.ok, head))]
        for offset in stride(from: 0, to: count, by: chunkSize) {
            reply.append(.send(Wire.chunk(body.getSlice(at: offset, length: min(chunkSize, count - offset))!)))
        }
        reply.append(.send(Wire.chunk(ByteBuffer())))
        return reply
    }

    /// `/drip?bytes=10&duration=1000&delay=0&status=200`: a `Content-Length` body sent in up to
    /// 100 pieces spread evenly over `duration`, after `delay`.
    static func drip(_ request: Request, _: [String: String]) throws(BadRequest) -> Reply {
        let count = try request.integer(query: "bytes", default: 10, in: 0...(10 << 20))
        let duration = try request.integer(query: "duration", default: 1000, in: 0...60_000)
        let delay = try request.integer(query: "delay", default: 0, in: 0...60_000)
        let status = try request.integer(query: "status", default: 200, in: 200...599)
        let pieces = min(count, 100)
        let head: HTTPHeaders = [
            "Content-Type": "application/octet-stream", "Content-Length": String(count), "Connection": "close",
        ]
        var reply: Reply = [
            .pause(.milliseconds(Int64(delay))), .send(Wire.head(HTTPResponseStatus(statusCode: status), head)),
        ]
        let body = ByteBuffer(repeating: UInt8(ascii: "*"), count: count)
        for piece in 0..<pieces {
            let start = count * piece / pieces
            let end = count * (piece + 1) / pieces
            reply.append(.pause(.milliseconds(Int64(duration / pieces))))
            reply.append(.send(body.getSlice(at: start, length: end - start)!))
        }
        return reply
    }

    /// Deterministic bytes (from a seeded generator), so that a test can compare two downloads with the same
    /// seed, and so that no compression along the way could shrink them.
    static func pseudoRandomBytes(_ count: Int, seed: Int) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(count)
        var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: seed))
        while buffer.readableBytes < count {
            withUnsafeBytes(of: generator.next().littleEndian) { word in
                _ = buffer.writeBytes(word.prefix(count - buffer.readableBytes))
            }
        }
        return buffer
    }
}
