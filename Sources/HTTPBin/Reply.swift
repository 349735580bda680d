import Foundation
import NIOCore
import NIOHTTP1

/// A well-formed response. The connection adds the framing (`Content-Length`, `Connection: close`)
/// when it sends it, because only the connection knows whether it is a HEAD request and whether the
/// connection stays open.
struct Response {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: ByteBuffer

    init(_ status: HTTPResponseStatus = .ok, headers: HTTPHeaders = [:], body: ByteBuffer = ByteBuffer()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(_ status: HTTPResponseStatus = .ok, contentType: String, body: some Sequence<UInt8>) {
        self.init(status, headers: ["Content-Type": contentType], body: ByteBuffer(bytes: body))
    }

    init(_ status: HTTPResponseStatus = .ok, text: String) {
        self.init(status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// Pretty-printed with sorted keys, so that `curl` output is readable and stable.
    init(_ status: HTTPResponseStatus = .ok, json value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Our own Encodable values cannot fail to encode; `try!` would say so, but a server must
        // never trap on a request, so a failure becomes a 500 instead.
        guard let data = try? encoder.encode(value) else {
            self.init(.internalServerError, text: "could not encode the response\n")
            return
        }
        self.init(status, contentType: "application/json", body: data)
    }

    /// A 4xx answer explaining what was wrong with the request, in JSON like everything else.
    static func clientError(_ message: String, status: HTTPResponseStatus = .badRequest) -> Response {
        Response(status, json: ["error": message])
    }

    /// 1xx, 204 and 304 responses never have a body, and must not announce one either.
    var mayHaveBody: Bool {
        status.code >= 200 && status != .noContent && status != .notModified
    }
}

/// What the server does to answer one request: a short script. Most replies are a single
/// `.respond`; streams and fault modes write raw bytes, pause, hold or close, which is how a test
/// gets dropped connections and malformed responses on purpose.
typealias Reply = [Step]

enum Step {
    /// Send a complete, correctly framed response.
    case respond(Response)
    /// Send these bytes exactly as they are. Once raw bytes went out the connection cannot be
    /// reused: it is closed at the end of the script.
    case send(ByteBuffer)
    case pause(TimeAmount)
    /// Close the connection now, whatever was or was not sent.
    case close
    /// Send nothing more and keep the connection open until the client or `shutdown()` closes it.
    case hold
    /// Close the connection when the next request on it arrives, without answering it.
    case dropNextRequest
}

/// The bytes of HTTP/1.1 written by hand: a status line, header lines, an empty line.
enum Wire {
    static func head(_ status: HTTPResponseStatus, _ headers: HTTPHeaders) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        for (name, value) in headers {
            buffer.writeString("\(name): \(value)\r\n")
        }
        buffer.writeString("\r\n")
        return buffer
    }

    /// One chunk of a `Transfer-Encoding: chunked` body: its size in hex, CRLF, the bytes, CRLF.
    /// An empty chunk (`0\r\n\r\n`) ends the body.
    static func chunk(_ bytes: ByteBuffer) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeString(String(bytes.readableBytes, radix: 16) + "\r\n")
        buffer.writeImmutableBuffer(bytes)
        buffer.writeString("\r\n")
        return buffer
    }
}
