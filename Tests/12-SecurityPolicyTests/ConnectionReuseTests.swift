import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPBinTLS
import HTTPSessionManager
import PinnedTransport
import SecurityPolicy
import TestCertificates
import TestSupport
import Testing

/// Keep-alive under a policy: connections are reused per host, port and policy, and every new
/// one is judged at its handshake. HTTPBin numbers its connections, so each test reads which
/// connection each request came on.
@Suite("Connections kept alive")
struct ConnectionReuseTests {
    @Test("Ten sequential requests of one manager share one connection: one handshake, one verdict")
    func sequentialReuse() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            for index in 0..<10 {
                let outcome = await Pinned.get(manager, server.url("/get?n=\(index)"))
                #expect(outcome.status == 200, "\(outcome)")
            }
            #expect(server.server.requests.map(\.connection) == Array(repeating: 1, count: 10))
            #expect(server.server.connectionCount == 1, "URLSession keeps one connection for sequential requests")
        }
    }

    @Test("A HEAD's response has no body, and the connection carries the next request")
    func headThenGet() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            var head = URLRequest(url: server.url("/bytes/1000"))
            head.httpMethod = "HEAD"
            let headOutcome = await Pinned.send(manager, head)
            #expect(headOutcome.status == 200 && headOutcome.data?.isEmpty != false, "\(headOutcome)")
            #expect(headOutcome.response?.expectedContentLength == 1000)
            #expect(await Pinned.get(manager, server.url("/get")).status == 200)
            #expect(server.server.requests.map(\.connection) == [1, 1])
        }
    }

    @Test("A reused connection keeps its verdict; a new connection is judged again, and refused if the server changed")
    func newConnectionJudged() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            #expect(await Pinned.get(manager, server.url("/get?first")).status == 200)
            // From now on the server's new connections present the rogue chain.
            try server.present(chain: TLSServer.rogue.map(\.der), privateKeyPEM: TLSServer.rogue[0].privateKeyPEM)
            var closing = URLRequest(url: server.url("/get?reused"))
            closing.setValue("close", forHTTPHeaderField: "Connection")
            let reused = await Pinned.send(manager, closing)
            #expect(
                reused.status == 200, "the open connection was judged when the right chain was presented: \(reused)")
            let refused = await Pinned.get(manager, server.url("/get?new"))
            #expect(refused.code == .serverCertificateUntrusted, "a new connection is judged anew: \(refused)")
            #expect(server.server.connectionCount == 2)
            #expect(server.server.requests.map(\.uri) == ["/get?first", "/get?reused"], "nothing reached the rogue")
        }
    }

    @Test("Setting a new policy closes the connections the old one judged: the next request is judged by the new one")
    func policyChangeDrainsThePool() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            #expect(await Pinned.get(manager, server.url("/get")).status == 200)
            try manager.setSecurityPolicy(trustSettings(policy(.certificate, pinning: [pki.otherRoot])))
            let refused = await Pinned.get(manager, server.url("/get"))
            #expect(
                refused.code == .serverCertificateUntrusted,
                "the old policy's connection must not carry a request of the new one: \(refused)")
            #expect(await eventually { server.server.openConnectionCount == 0 }, "the old connection was closed")
            try manager.setSecurityPolicy(trustSettings(Pinned.pinningTheRightCA))
            #expect(await Pinned.get(manager, server.url("/get")).status == 200)
            #expect(server.server.connectionCount == 3, "one connection per policy")
        }
    }

    @Test("An idle connection is closed once it has waited the pool's limit")
    func idleConnectionsClose() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let pool = ConnectionPool(idleLimit: .milliseconds(300))
            let client = PinnedHTTPClient(trust: trustSettings(Pinned.pinningTheRightCA), pool: pool)
            _ = try await client.send(URLRequest(url: server.url("/get")))
            #expect(await eventually { pool.idleConnections == 0 && server.server.openConnectionCount == 0 })
            _ = try await client.send(URLRequest(url: server.url("/get")))
            #expect(server.server.connectionCount == 2, "a closed connection is not reused")
        }
    }

    @Test("A GET on a reused connection the server closes without answering is sent again, once, on a new one")
    func idempotentRetried() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            #expect(await Pinned.get(manager, server.url("/fault/drop-next-request")).status == 200)
            let retried = await Pinned.get(manager, server.url("/get?again"))
            #expect(retried.status == 200, "\(retried)")
            let requests = server.server.requests.map { "\($0.uri) on \($0.connection)" }
            #expect(requests == ["/fault/drop-next-request on 1", "/get?again on 1", "/get?again on 2"])
        }
    }

    @Test("A POST is never sent twice: on a reused connection closed without an answer, it fails with -1005")
    func postNotRetried() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            #expect(await Pinned.get(manager, server.url("/fault/drop-next-request")).status == 200)
            var post = URLRequest(url: server.url("/post"))
            post.httpMethod = "POST"
            post.httpBody = Data("order=1".utf8)
            let outcome = await Pinned.send(manager, post)
            #expect(outcome.code == .networkConnectionLost, "\(outcome)")
            #expect(server.server.requests.filter { $0.method == "POST" }.count == 1)
        }
    }

    @Test("A new connection closed without an answer is not retried: the failure is the server's")
    func freshConnectionNotRetried() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Pinned.get(manager, server.url("/fault/close-before-response"))
            #expect(outcome.code == .networkConnectionLost, "\(outcome)")
            #expect(server.server.requests.count == 1)
        }
    }
}
