import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import HTTPSessionManager
import Locking
import PinnedTransport
import SecurityPolicy
import SessionManager
import TestCertificates
import Testing

/// Redirects under the policy: URLSession's rules, chapter 9's redirection hook asked at each hop,
/// and every hop to a new host judged by the policy at that host's handshake.
@Suite("Redirects")
struct RedirectTests {
    @Test("Redirects are followed as URLSession follows them, over the connection already open")
    func followed() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Pinned.get(manager, server.url("/redirect/3"))
            #expect(outcome.status == 200, "\(outcome)")
            #expect(outcome.response?.url == server.url("/get"))
            #expect(server.server.requests.map(\.path) == ["/redirect/3", "/redirect/2", "/redirect/1", "/get"])
            #expect(server.server.connectionCount == 1)
        }
    }

    @Test("The manager's redirection hook decides: it sees each proposal, and nil stops at the redirect")
    func hookDecides() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let proposals = Protected<[String]>([])
            manager.updateHooks { hooks in
                hooks.taskWillPerformHTTPRedirection = { _, _, response, request in
                    proposals.withLock { $0.append("\(response.statusCode) → \(request.url?.path ?? "")") }
                    return request.url?.path == "/redirect/1" ? nil : request
                }
            }
            let outcome = await Pinned.get(manager, server.url("/redirect/3"))
            #expect(proposals.withLock { $0 } == ["302 → /redirect/2", "302 → /redirect/1"])
            #expect(outcome.status == 302, "stopped at the redirect the hook declined: \(outcome)")
            #expect(outcome.response?.value(forHTTPHeaderField: "Location") == "/redirect/1")
            #expect(server.server.requests.map(\.path) == ["/redirect/3", "/redirect/2"])
        }
    }

    @Test("A redirect to another server is judged at that server's handshake: a rogue there is refused")
    func eachHopJudged() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            try await TLSServer.with(TLSServer.rogue) { rogue in
                let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
                defer { manager.invalidateSession(cancelingTasks: true) }
                let target = rogue.url("/get").absoluteString.addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics)!
                let outcome = await Pinned.get(manager, server.url("/redirect-to?url=\(target)"))
                #expect(outcome.code == .serverCertificateUntrusted, "\(outcome)")
                #expect(outcome.error.map { ($0 as? URLError)?.failingURL } == rogue.url("/get"))
                #expect(rogue.server.requests.isEmpty, "no request may reach the rogue")
            }
            try await TLSServer.with(TLSServer.right) { other in
                let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
                defer { manager.invalidateSession(cancelingTasks: true) }
                let target = other.url("/get?hop").absoluteString.addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics)!
                let outcome = await Pinned.get(manager, server.url("/redirect-to?url=\(target)"))
                #expect(outcome.status == 200, "a second server the policy trusts: \(outcome)")
                #expect(other.server.requests.map(\.uri) == ["/get?hop"])
            }
        }
    }

    @Test("A pinned request is never redirected to plain http: it fails with -1022 instead")
    func noDowngrade() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let plain = "http%3A%2F%2F127.0.0.1%3A\(server.port)%2Fget"
            let outcome = await Pinned.get(manager, server.url("/redirect-to?url=\(plain)"))
            #expect(outcome.code == .appTransportSecurityRequiresSecureConnection, "\(outcome)")
            #expect(server.server.requests.count == 1)
        }
    }

    @Test("Twenty redirects are followed, the twenty-first fails with -1007, as on Darwin")
    func tooMany() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            #expect(await Pinned.get(manager, server.url("/redirect/20")).status == 200)
            let outcome = await Pinned.get(manager, server.url("/redirect/21"))
            #expect(outcome.code == .httpTooManyRedirects, "\(outcome)")
        }
    }

    @Test("A 303 after a POST becomes a GET without the body")
    func postBecomesGet() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            var post = URLRequest(url: server.url("/redirect-to?url=%2Fanything%2Fafter&status=303"))
            post.httpMethod = "POST"
            post.httpBody = Data("a=1".utf8)
            let outcome = await Pinned.send(manager, post)
            #expect(outcome.echo?["method"] as? String == "GET", "\(outcome)")
            #expect(outcome.echo?["bodySize"] as? Int == 0)
        }
    }
}
