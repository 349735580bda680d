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
import TestSupport
import Testing

/// A pinned request through chapters 9–10's manager on Linux: `PinnedHTTPSProtocol` in the
/// session's configuration, the policy set on the manager. Pinned and refused requests reach the
/// same completion paths as any other; a refusal is -1202, as AFNetworking 4 reports it.
@Suite("The manager, pinned")
struct ManagerTests {
    static func manager(for server: HTTPBinTLS, _ policy: SecurityPolicy) throws -> HTTPSessionManager {
        let manager = HTTPSessionManager(
            baseURL: server.baseURL, configuration: URLSessionConfiguration.ephemeral.withPinnedHTTPS())
        manager.completionQueue = DispatchQueue(label: "test.completion")
        try manager.setSecurityPolicy(trustSettings(policy))
        return manager
    }

    /// A GET's outcome: the query HTTPBin received (its JSON's `args`), or the error.
    static func get(_ manager: HTTPSessionManager, _ path: String) async -> Result<[String: [String]], any Error> {
        await withCheckedContinuation { continuation in
            manager.get(
                path,
                success: { _, object in
                    let args = (object as? [String: Any])?["args"] as? [String: [String]]
                    continuation.resume(returning: .success(args ?? [:]))
                }, failure: { _, error in continuation.resume(returning: .failure(error)) })
        }
    }

    @Test("Requests to the pinned server succeed through the manager, over one kept-alive connection")
    func pinnedRequest() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Self.manager(for: server, policy(.certificate, pinning: [pki.intermediate]))
            defer { manager.invalidateSession(cancelingTasks: true) }
            for index in 1...3 {
                let result = await Self.get(manager, "/get?via=manager&n=\(index)")
                #expect(try result.get() == ["via": ["manager"], "n": ["\(index)"]])
            }
            // The second and third requests rode on the connection the policy judged for the first.
            #expect(server.server.requests.map(\.connection) == [1, 1, 1])
        }
    }

    @Test("A refused server fails the request with -1202 as URLError, the URL, its string and the presented chain")
    func refusedRequest() async throws {
        try await TLSServer.with(TLSServer.rogue) { server in
            let manager = try Self.manager(for: server, policy(.certificate, pinning: [pki.intermediate]))
            defer { manager.invalidateSession(cancelingTasks: true) }
            let completed = Protected<[Int]>([])
            manager.updateHooks {
                $0.taskDidComplete = { _, _, error in completed.withLock { $0.append((error as NSError?)?.code ?? 0) } }
            }
            let result = await Self.get(manager, "/get")
            guard case .failure(let failure) = result else {
                Issue.record("the rogue server was trusted")
                return
            }
            // How a Swift app tests it, on Linux as on Apple platforms: -1202, whatever
            // FoundationNetworking's own constant says (`LinuxGapTests/shiftedConstants`).
            let urlError = failure as? URLError
            #expect(urlError?.code == .serverCertificateUntrusted, "\(failure)")
            let error = failure as NSError
            #expect(error.domain == NSURLErrorDomain && error.code == -1202, "\(error)")
            #expect(urlError?.failingURL == server.url("/get"), "the failing URL: \(error.userInfo)")
            // `NSURLErrorFailingURLStringErrorKey`, spelled out: Foundation deprecates the constant.
            #expect(
                (error.userInfo["NSErrorFailingURLStringKey"] as? String) == server.url("/get").absoluteString,
                "the failing URL's string: \(error.userInfo)")
            #expect((error.userInfo[NSURLErrorFailingURLPeerTrustErrorKey] as? [Data]) == TLSServer.rogue.map(\.data))
            // AFNetworking's did-complete block sees -999 (the cancelled challenge); here the
            // protocol fails the task itself, so the hook sees -1202 too.
            #expect(await eventually { completed.withLock { $0 } == [-1202] })
            #expect(server.server.requests.isEmpty)
        }
    }

    @Test("A request cancelled while the server stalls completes as cancelled, once")
    func cancelledRequest() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Self.manager(for: server, policy(.certificate, pinning: [pki.intermediate]))
            defer { manager.invalidateSession(cancelingTasks: true) }
            let outcomes = Protected<[Int]>([])
            let task = manager.get(
                "/fault/stall-after-headers", success: { _, _ in outcomes.withLock { $0.append(200) } },
                failure: { _, error in outcomes.withLock { $0.append((error as NSError).code) } })
            // Generous: a sanitized run beside other builds once took over 10 s for the handshake.
            #expect(
                await eventually(within: 60) { server.server.requests.count == 1 }, "the request reached the server")
            task?.cancel()
            #expect(await eventually(within: 60) { !outcomes.withLock { $0 }.isEmpty })
            try await Task.sleep(nanoseconds: 200_000_000)  // room for a second, wrong, completion
            #expect(outcomes.withLock { $0 } == [NSURLErrorCancelled])
        }
    }

    @Test("Pinning needs an https base URL, as AFHTTPSessionManager requires")
    func pinningNeedsHTTPS() {
        let manager = HTTPSessionManager(
            baseURL: URL(string: "http://127.0.0.1/")!,
            configuration: URLSessionConfiguration.ephemeral.withPinnedHTTPS())
        defer { manager.invalidateSession(cancelingTasks: true) }
        #expect(throws: SecurityPolicyError.pinningNeedsHTTPSBaseURL(mode: .publicKey, baseURL: manager.baseURL)) {
            try manager.setSecurityPolicy(trustSettings(policy(.publicKey, pinning: [pki.intermediate])))
        }
        #expect(throws: Never.self) { try manager.setSecurityPolicy(trustSettings(.default)) }
        let noBase = HTTPSessionManager(configuration: URLSessionConfiguration.ephemeral.withPinnedHTTPS())
        defer { noBase.invalidateSession(cancelingTasks: true) }
        #expect(
            throws: SecurityPolicyError.pinningNeedsHTTPSBaseURL(mode: .certificate, baseURL: nil),
            "a manager without a base URL has no https base URL"
        ) {
            try noBase.setSecurityPolicy(trustSettings(policy(.certificate, pinning: [pki.intermediate])))
        }
    }

    @Test("Each manager's requests are judged by its own policy")
    func policyPerManager() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let pinned = try Self.manager(for: server, policy(.certificate, pinning: [pki.intermediate]))
            defer { pinned.invalidateSession(cancelingTasks: true) }
            let pinnedElsewhere = try Self.manager(for: server, policy(.certificate, pinning: [pki.otherRoot]))
            defer { pinnedElsewhere.invalidateSession(cancelingTasks: true) }
            let trusted = await Self.get(pinned, "/get?manager=first")
            #expect(
                (try? trusted.get()) == ["manager": ["first"]],
                "the first manager pins the server's CA, set before the second's policy: \(trusted)")
            let refused = await Self.get(pinnedElsewhere, "/get?manager=second")
            let code: Int? =
                switch refused {
                case .failure(let error): (error as NSError).code
                case .success: nil
                }
            #expect(code == -1202, "the second manager pins another CA: \(refused)")
        }
    }

    #if canImport(FoundationNetworking)
    @Test("On Linux, a policy the session would not enforce is refused")
    func sessionWithoutProtocol() {
        let manager = HTTPSessionManager(baseURL: URL(string: "https://127.0.0.1/")!, configuration: .ephemeral)
        defer { manager.invalidateSession(cancelingTasks: true) }
        #expect(throws: SecurityPolicyError.sessionDoesNotUsePinnedHTTPS) {
            try manager.setSecurityPolicy(trustSettings(.default))
        }
    }
    #endif
}
