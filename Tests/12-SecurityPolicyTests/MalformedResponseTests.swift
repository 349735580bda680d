import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import HTTPSessionManager
import PinnedTransport
import SecurityPolicy
import Testing

/// Whatever a server sends, the request ends with a response or a clear error, never a hang or a
/// crash. HTTPBin's `/fault/raw` sends back the request's body as the whole response, byte by byte.
@Suite("Malformed responses")
struct MalformedResponseTests {
    static let cases: [(name: String, bytes: String, expected: URLError.Code?)] = [
        ("not HTTP at all", "hello\r\n\r\n", .badServerResponse),
        ("a bad status line", "HTTP/1.1 2OO OK\r\n\r\n", .badServerResponse),
        ("a header line without a colon", "HTTP/1.1 200 OK\r\nBroken\r\nContent-Length: 0\r\n\r\n", .badServerResponse),
        (
            "a Content-Length longer than the body", "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc",
            .networkConnectionLost
        ),
        (
            "a chunked body cut short", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc",
            .networkConnectionLost
        ),
        (
            "a chunk size that overflows",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\nabc",
            .badServerResponse
        ),
        (
            "a Content-Length beside chunked framing",
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
            .badServerResponse
        ),
        (
            "a gzip body that is not gzip",
            "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 5\r\n\r\nabcde", .cannotDecodeContentData
        ),
        (
            "a Content-Length shorter than the body: the declared length is the body",
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabcdef", nil
        ),
        ("a body delimited by the close", "HTTP/1.1 200 OK\r\n\r\nuntil the end", nil),
    ]

    @Test("Each malformed response is a clear error (a well-formed one passes)", arguments: cases.indices)
    func malformed(index: Int) async throws {
        let (name, bytes, expected) = Self.cases[index]
        try await TLSServer.with(TLSServer.right) { server in
            var client = PinnedHTTPClient(trust: trustSettings(Pinned.pinningTheRightCA))
            client.timeout = 30  // a hang would show as -1001, which no case expects (30 s: a busy machine)
            var request = URLRequest(url: server.url("/fault/raw"))
            request.httpMethod = "POST"
            request.httpBody = Data(bytes.utf8)
            do throws(PinnedTransportError) {
                let (response, data) = try await client.send(request)
                #expect(
                    expected == nil, "\(name): passed, \(response.statusCode) \(String(decoding: data, as: UTF8.self))")
            } catch {
                #expect(error.code == expected, "\(name): \(error)")
            }
        }
    }

    @Test("Through the manager, a malformed response completes the task with the error, once")
    func throughTheManager() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            var request = URLRequest(url: server.url("/fault/raw"))
            request.httpMethod = "POST"
            request.httpBody = Data("HTTP/1.1 2OO OK\r\n\r\n".utf8)
            let outcome = await Pinned.send(manager, request)
            #expect(outcome.code == .badServerResponse, "\(outcome)")
            let stalled = await Pinned.get(manager, server.url("/fault/close-mid-header"))
            #expect(stalled.code == .networkConnectionLost, "half a header, then the close: \(stalled)")
        }
    }
}
