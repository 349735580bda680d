import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import HTTPSessionManager
import PinnedTransport
import SecurityPolicy
import Testing

/// URLSession's two limits under the policy: the request's timeout (else the configuration's
/// `timeoutIntervalForRequest`) as the longest wait for a byte, failing with -1001, and the
/// configuration's `timeoutIntervalForResource` for the whole task. Each test first makes a
/// request that leaves a connection in the pool, so that no handshake (slow on a busy machine)
/// counts against a short limit.
@Suite("Timeouts")
struct TimeoutTests {
    static func warmed(_ server: HTTPBinTLS, configure: (URLSessionConfiguration) -> Void = { _ in }) async throws
        -> HTTPSessionManager
    {
        let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA, configure: configure)
        var warm = URLRequest(url: server.url("/get?warm"))
        warm.timeoutInterval = 120  // its own: the handshake may be slow, whatever the configuration says
        #expect(await Pinned.send(manager, warm).status == 200)
        return manager
    }

    /// Sends `request` and cancels it if nothing has ended it after `deadline` seconds, so that a
    /// timeout that never fires fails the test with -999 in seconds instead of holding it for ever.
    static func send(_ manager: HTTPSessionManager, _ request: URLRequest, deadline: TimeInterval) async
        -> Outcome
    {
        await Pinned.send(manager, request) { task in
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { task.cancel() }
        }
    }

    @Test("A server that answers after the request's timeout fails the request with -1001")
    func requestTimeout() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try await Self.warmed(server)
            defer { manager.invalidateSession(cancelingTasks: true) }
            var request = URLRequest(url: server.url("/delay/30000"))
            request.timeoutInterval = 1
            let outcome = await Self.send(manager, request, deadline: 20)
            #expect(outcome.code == .timedOut, "no -1001 (a -999 is the test's own cancel, 20 s on): \(outcome)")
            #expect(outcome.error.map { ($0 as NSError).code } == -1001)
        }
    }

    @Test("Without a timeout of its own, a request gets the configuration's timeoutIntervalForRequest")
    func configurationTimeout() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try await Self.warmed(server) { $0.timeoutIntervalForRequest = 1 }
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Self.send(
                manager, URLRequest(url: server.url("/fault/stall-after-headers")), deadline: 20)
            #expect(
                outcome.code == .timedOut,
                "a server that stalls forever is given up on (a -999 is the test's own cancel, 20 s on): \(outcome)")
        }
    }

    @Test("The timeout is a limit between bytes: a slow body that keeps arriving may take longer")
    func idleNotTotal() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try await Self.warmed(server)
            defer { manager.invalidateSession(cancelingTasks: true) }
            var request = URLRequest(url: server.url("/drip?bytes=50&duration=5000"))
            request.timeoutInterval = 2
            let outcome = await Pinned.send(manager, request)
            #expect(outcome.status == 200, "\(outcome)")
            #expect(outcome.data?.count == 50)
        }
    }

    @Test("The configuration's timeoutIntervalForResource bounds the whole request")
    func resourceTimeout() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            // The limit bounds the warming request too, handshake included: 10 s leaves a busy
            // machine room for it, and the drip (a byte every 1.2 s, 60 s in all) outlasts it.
            let manager = try await Self.warmed(server) { $0.timeoutIntervalForResource = 10 }
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcome = await Self.send(
                manager, URLRequest(url: server.url("/drip?bytes=50&duration=60000")), deadline: 30)
            #expect(outcome.code == .timedOut, "no -1001 (a -999 is the test's own cancel, 30 s on): \(outcome)")
        }
    }
}
