import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import HTTPSessionManager
import PinnedTransport
import SecurityPolicy
import Testing

/// Compressed bodies, as URLSession handles them: `Accept-Encoding` sent unless the request has
/// its own, gzip and deflate decoded before the app sees the body, and a body that would inflate
/// without bound failed instead of filling the app's memory.
@Suite("Compressed bodies")
struct DecodingTests {
    @Test("gzip and deflate bodies arrive decoded, and the request offered both", arguments: ["/gzip", "/deflate"])
    func decoded(path: String) async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Pinned.get(manager, server.url(path))
            #expect(outcome.status == 200, "\(outcome)")
            let headers = outcome.echo?["headers"] as? [String: String]
            #expect(headers?["accept-encoding"] == "gzip, deflate", "the body: \(outcome.text.prefix(200))")
        }
    }

    @Test("A request's own Accept-Encoding is sent as it is")
    func ownAcceptEncoding() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            var request = URLRequest(url: server.url("/get"))
            request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
            let outcome = await Pinned.send(manager, request)
            #expect((outcome.echo?["headers"] as? [String: String])?["accept-encoding"] == "identity", "\(outcome)")
        }
    }

    @Test("A body that inflates past the ratio limit (a gzip bomb) fails the request with -1016")
    func bomb() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Pinned.get(manager, server.url("/gzip-bomb/\(4 << 20)"))
            #expect(outcome.code == .cannotDecodeContentData, "\(outcome)")
        }
    }
}
