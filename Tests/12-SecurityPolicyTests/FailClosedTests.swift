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

#if canImport(FoundationNetworking)
/// A request finds its policy through its session's delegate, the manager: nothing an app sets on
/// a task or a request takes part, and a request whose policy cannot be found is refused before
/// any connection, never judged by a weaker policy.
@Suite("Fail closed")
struct FailClosedTests {
    @Test("A task the app has given its own description is still judged by its manager's policy")
    func appTaskDescription() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let pinned = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { pinned.invalidateSession(cancelingTasks: true) }
            let trusted = await Pinned.send(pinned, URLRequest(url: server.url("/get"))) {
                $0.taskDescription = "profile refresh"
            }
            #expect(trusted.status == 200, "the app's label must not lose the manager's policy: \(trusted)")
            let elsewhere = try Pinned.manager(for: server, policy(.certificate, pinning: [pki.otherRoot]))
            defer { elsewhere.invalidateSession(cancelingTasks: true) }
            let refused = await Pinned.send(elsewhere, URLRequest(url: server.url("/get"))) {
                $0.taskDescription = "profile refresh"
            }
            #expect(refused.code == .serverCertificateUntrusted, "\(refused)")
            guard case .untrusted(let decision, _, _) = refused.failure else {
                Issue.record("refused without the policy's decision: \(refused)")
                return
            }
            #expect(decision.reason.kind == "notAnchoredInPins", "\(decision)")
        }
    }

    @Test("Two managers with different pins, at once, to one server: each request judged by its own manager")
    func twoManagersAtOnce() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let pinned = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { pinned.invalidateSession(cancelingTasks: true) }
            let elsewhere = try Pinned.manager(for: server, policy(.certificate, pinning: [pki.otherRoot]))
            defer { elsewhere.invalidateSession(cancelingTasks: true) }
            // The first manager's connection is idle in the pool when the second asks.
            #expect(await Pinned.get(pinned, server.url("/get?warm=1")).status == 200)
            let outcomes = await withTaskGroup(of: (Bool, Outcome).self) { group in
                for index in 0..<8 {
                    let manager = index.isMultiple(of: 2) ? pinned : elsewhere
                    group.addTask { (manager === pinned, await Pinned.get(manager, server.url("/get?n=\(index)"))) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for (isPinnedManager, outcome) in outcomes {
                if isPinnedManager {
                    #expect(outcome.status == 200, "the manager pinning the server's CA: \(outcome)")
                } else {
                    #expect(
                        outcome.code == .serverCertificateUntrusted,
                        "the manager pinning another CA must never ride on the first one's connections: \(outcome)")
                }
            }
        }
    }

    @Test("A manager the app lets go of while its request runs: the request is still judged by its policy")
    func managerReleased() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let outcomes = Protected<[Outcome]>([])
            for pins in [[pki.intermediate], [pki.otherRoot]] {
                var manager: HTTPSessionManager? = try Pinned.manager(for: server, policy(.certificate, pinning: pins))
                let task = try manager?.dataTask(
                    with: URLRequest(url: server.url("/delay/300")),
                    completionHandler: { response, _, error in
                        outcomes.withLock {
                            $0.append(Outcome(response: response as? HTTPURLResponse, data: nil, error: error))
                        }
                    })
                task.map { manager?.resume($0) }
                manager = nil  // the app's only reference; URLSession holds its delegate until the task ends
            }
            #expect(await eventually(within: 60) { outcomes.withLock { $0.count } == 2 })
            let results = outcomes.withLock { $0 }
            #expect(results.contains { $0.status == 200 }, "the released manager pinning the right CA: \(results)")
            let refusal = results.first { $0.error != nil }
            guard case .untrusted(let decision, _, _) = refusal?.failure else {
                Issue.record("the released manager pinning another CA was not refused by its policy: \(results)")
                return
            }
            #expect(decision.reason.kind == "notAnchoredInPins")
        }
    }

    @Test("A request made on the manager's session directly is judged by the manager's policy, and gets its whole body")
    func sessionDirectly() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let pinned = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { pinned.invalidateSession(cancelingTasks: true) }
            let (data, status) = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(Data, Int?), any Error>) in
                let task = pinned.session.dataTask(with: server.url("/bytes/100000?seed=7")) { data, response, error in
                    if let error { return continuation.resume(throwing: error) }
                    continuation.resume(returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode))
                }
                task.resume()
            }
            #expect(status == 200)
            // FoundationNetworking keeps only the last chunk a protocol reports for a task with a
            // completion handler: the transport gives such a task its body in one piece.
            #expect(data.count == 100_000, "the whole body, not its last chunk")
            let elsewhere = try Pinned.manager(for: server, policy(.certificate, pinning: [pki.otherRoot]))
            defer { elsewhere.invalidateSession(cancelingTasks: true) }
            let error = await withCheckedContinuation { (continuation: CheckedContinuation<(any Error)?, Never>) in
                let task = elsewhere.session.dataTask(with: server.url("/get")) { _, _, error in
                    continuation.resume(returning: error)
                }
                task.resume()
            }
            #expect((error as? URLError)?.code == .serverCertificateUntrusted, "\(String(describing: error))")
        }
    }

    @Test("A session whose delegate is no manager has no policy: its requests are refused before any connection")
    func noManager() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let session = URLSession(configuration: URLSessionConfiguration.ephemeral.withPinnedHTTPS())
            defer { session.invalidateAndCancel() }
            let error = await #expect(throws: URLError.self) { _ = try await session.data(from: server.url("/get")) }
            #expect(error?.code == .serverCertificateUntrusted, "\(String(describing: error))")
            guard
                case .noPolicy(_, let reason) = error?.userInfo[PinnedTransportError.userInfoKey]
                    as? PinnedTransportError
            else {
                Issue.record("refused without saying that no policy was found: \(String(describing: error))")
                return
            }
            #expect(reason.contains("not a URLSessionManager"), "\(reason)")
            #expect(
                server.server.connectionCount == 0, "no policy, no connection: nothing may fall back to another one")
        }
    }
}
#endif
