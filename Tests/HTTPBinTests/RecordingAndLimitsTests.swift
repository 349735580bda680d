import Foundation
import HTTPBin
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Recording, limits and bad input")
struct RecordingAndLimitsTests {
    @Test("Every request is recorded as it crossed the wire, headers URLSession added included")
    func recording() async throws {
        try await withServer { server in
            _ = try await fetch(
                server.url("/post?x=1"), method: "POST", body: Data(count: 10), headers: ["X-Mine": "yes"])
            _ = try await fetch(server.url("/status/204"), method: "DELETE")
            let requests = server.requests
            try #require(requests.count == 2)
            #expect(requests[0].method == "POST")
            #expect(requests[0].uri == "/post?x=1")
            #expect(requests[0].path == "/post")
            #expect(requests[0].bodySize == 10)
            #expect(requests[0].header("x-mine") == "yes")
            #expect(requests[0].header("Content-Length") == "10")
            // Nobody asked for these: the client library added them on the way.
            #expect(requests[0].header("User-Agent") != nil)
            #expect(requests[0].header("Host") == "127.0.0.1:\(server.port)")
            #expect(requests[1].method == "DELETE")
            #expect(requests[1].bodySize == 0)
        }
    }

    @Test("A body over the limit gets 413, whether its length is announced or streamed")
    func bodyLimit() async throws {
        try await withServer(HTTPBin.Configuration(maxBodySize: 1024)) { server in
            let atTheLimit = try await fetch(server.url("/post"), method: "POST", body: Data(count: 1024))
            #expect(atTheLimit.status == 200)
            let overTheLimit = try await fetch(server.url("/post"), method: "POST", body: Data(count: 1025))
            #expect(overTheLimit.status == 413)

            var request = URLRequest(url: server.url("/post"))
            request.httpMethod = "POST"
            request.httpBodyStream = InputStream(data: Data(count: 100_000))  // sent chunked: no length up front
            let streamed = try await fetch(request)
            #expect(streamed.status == 413)
            #expect(server.requests.last?.bodySize ?? 0 <= 1024 + 65_536)  // gave up early, did not buffer it all
        }
    }

    @Test("An announced length over the limit is refused before any body is read, and the connection closed")
    func hugeContentLength() async throws {
        try await withServer { server in
            let raw = try await exchangeRawText(
                "POST /post HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999999\r\n\r\n", port: server.port)
            #expect(raw.text.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"))
            #expect(raw.text.contains("Connection: close\r\n"))
            #expect(server.requests.first?.bodySize == 0)
        }
    }

    @Test(
        "Malformed requests get 400 and a closed connection, never a crash, and the server keeps serving",
        arguments: [
            "\u{0}\u{1}\u{2}garbage\u{FF}\r\n\r\n",
            "GET / HTTP/9.9\r\n\r\n",
            "GET /get HTTP/1.1\r\nNo colon here\r\n\r\n",
            "POST /post HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            "POST /post HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n",
            "GET /get HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n",
        ])
    func malformed(input: String) async throws {
        try await withServer { server in
            let raw = try await exchangeRawText(input, port: server.port)
            #expect(raw.text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(server.protocolErrors.count == 1)
            #expect(try await fetch(server.url("/get")).status == 200)
        }
    }

    @Test("Random bytes in any amount are answered or dropped, and the server survives them")
    func randomBytes() async throws {
        try await withServer { server in
            var generator = SystemRandomNumberGenerator()
            for size in [1, 17, 4096, 200_000] {
                let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = try await exchangeRawBytes(bytes, port: server.port, timeout: .milliseconds(500))
            }
            #expect(try await fetch(server.url("/get")).status == 200)
        }
    }

    @Test("Pipelined requests on one connection are answered in order, a slow one first")
    func pipelining() async throws {
        try await withServer { server in
            let raw = try await exchangeRawText(
                "GET /delay/100?n=1 HTTP/1.1\r\nHost: x\r\n\r\nGET /get?n=2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                port: server.port)
            let first = try #require(raw.text.range(of: "\"uri\" : \"/delay/100?n=1\""))
            let second = try #require(raw.text.range(of: "\"uri\" : \"/get?n=2\""))
            #expect(first.lowerBound < second.lowerBound)
        }
    }
}
