import NIOCore
import NIOHTTP1

/// The fault modes: every way this server misbehaves on purpose, each at `/fault/{name}`.
///
/// | path | what the client sees |
/// |---|---|
/// | `/fault/close-before-response` | the connection closes before a single byte of response |
/// | `/fault/close-mid-header` | half a status line and header, then the connection closes (crashes FoundationNetworking 6.3.1: test it from a child process) |
/// | `/fault/close-mid-body` | `Content-Length: 1000`, 500 bytes, then the connection closes |
/// | `/fault/wrong-content-length` | `Content-Length: 200` but only 100 bytes, then nothing (the client waits for its timeout) |
/// | `/fault/stall-after-headers` | a 200 with `Content-Length: 100`, then nothing until the client gives up |
/// | `/fault/slow?bytes=10&interval=100` | a correct response sent one byte every `interval` ms |
/// | `/fault/no-continue` | an echo, but `Expect: 100-continue` is never answered (libcurl waits 1 s) |
/// | `/fault/drop-next-request` | an echo, the connection kept; the next request on it is read, then the connection closes unanswered (a server closing an idle connection just as a client reuses it) |
/// | `/fault/raw` | the request's body, sent back as the whole response, then the connection closes (a malformed response chosen byte by byte) |
/// | `/fault/stop-reading` | the server reads the request head, then nothing more: a client sending a body blocks, until its timeout |
///
/// All durations in this server are milliseconds.
enum Fault: String, CaseIterable {
    case closeBeforeResponse = "close-before-response"
    case closeMidHeader = "close-mid-header"
    case closeMidBody = "close-mid-body"
    case wrongContentLength = "wrong-content-length"
    case stallAfterHeaders = "stall-after-headers"
    case slow
    case noContinue = "no-continue"
    case dropNextRequest = "drop-next-request"
    case stopReading = "stop-reading"
    case raw

    static func ignoresExpectContinue(uri: String) -> Bool {
        uri.prefix { $0 != "?" } == "/fault/" + Fault.noContinue.rawValue
    }

    /// Decided at the request's head, before its body, which the fault never reads.
    static func stopsReading(uri: String) -> Bool {
        uri.prefix { $0 != "?" } == "/fault/" + Fault.stopReading.rawValue
    }

    func reply(to request: Request) throws(BadRequest) -> Reply {
        let text: HTTPHeaders = ["Content-Type": "text/plain", "Connection": "close"]
        switch self {
        case .closeBeforeResponse:
            return [.close]
        case .closeMidHeader:
            return [.send(ByteBuffer(string: "HTTP/1.1 200 OK\r\nContent-Typ")), .close]
        case .closeMidBody:
            return [.send(Wire.head(.ok, text.adding("Content-Length", "1000"))), .send(filler(500)), .close]
        case .wrongContentLength:
            return [.send(Wire.head(.ok, text.adding("Content-Length", "200"))), .send(filler(100)), .hold]
        case .stallAfterHeaders:
            return [.send(Wire.head(.ok, text.adding("Content-Length", "100"))), .hold]
        case .slow:
            return try slowReply(to: request)
        case .noContinue:
            return [.respond(Response(echoing: request))]
        case .dropNextRequest:
            return [.respond(Response(echoing: request)), .dropNextRequest]
        case .raw:
            return [.send(request.body), .close]
        case .stopReading:
            return [.hold]  // never reached: the connection stopped reading at the head
        }
    }

    private func slowReply(to request: Request) throws(BadRequest) -> Reply {
        let count = try request.integer(query: "bytes", default: 10, in: 1...1000)
        let interval = try request.integer(query: "interval", default: 100, in: 0...10_000)
        let head = Wire.head(
            .ok, ["Content-Type": "text/plain", "Content-Length": String(count), "Connection": "close"])
        var reply: Reply = [.send(head)]
        for byte in filler(count).readableBytesView {
            reply += [.pause(.milliseconds(Int64(interval))), .send(ByteBuffer(bytes: [byte]))]
        }
        return reply
    }

    /// Printable bytes, so that a half-received body is easy to read in a test failure or in curl.
    private func filler(_ count: Int) -> ByteBuffer {
        ByteBuffer(bytes: (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) })
    }
}

extension Routes {
    static func fault(_ request: Request, _ parameters: [String: String]) throws(BadRequest) -> Reply {
        guard let name = parameters["name"], let fault = Fault(rawValue: name) else {
            let names = Fault.allCases.map(\.rawValue).joined(separator: ", ")
            throw BadRequest("unknown fault mode; the modes are: \(names)", status: .notFound)
        }
        return try fault.reply(to: request)
    }
}

extension HTTPHeaders {
    fileprivate func adding(_ name: String, _ value: String) -> HTTPHeaders {
        var copy = self
        copy.add(name: name, value: value)
        return copy
    }
}
