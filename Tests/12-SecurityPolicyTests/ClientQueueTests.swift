import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import HTTPSessionManager
import Locking
import PinnedTransport
import SecurityPolicy
import Testing

/// Where the transport calls URLSession's client: on the task's own queue, never from NIO's
/// threads (`ClientQueue`). FoundationNetworking's client reads the session's task registry, which
/// only that queue may touch.
@Suite("URLSession's client, called from the transport")
struct ClientQueueTests {
    #if canImport(FoundationNetworking)
    /// A client that notes, for each call, whether it came on the queue marked with `key`.
    final class SpyClient: NSObject, URLProtocolClient, Sendable {
        let key: DispatchSpecificKey<Bool>
        /// Each call's name (a failure with its error), and whether it came on the marked queue.
        let calls = Protected<[(name: String, onTaskQueue: Bool)]>([])
        /// Called once, at the protocol's end (finished or failed).
        let ended: @Sendable () -> Void
        init(key: DispatchSpecificKey<Bool>, ended: @escaping @Sendable () -> Void) {
            self.key = key
            self.ended = ended
        }

        /// The protocol under test, kept alive here (the transport holds it weakly): set once, on
        /// the task's queue, before the protocol can report anything, and never read.
        nonisolated(unsafe) private var kept: URLProtocol?
        func keep(_ loading: URLProtocol) { kept = loading }

        private func note(_ call: String) {
            let onTaskQueue = DispatchQueue.getSpecific(key: key) == true
            calls.withLock { $0.append((call, onTaskQueue)) }
        }
        func urlProtocol(_: URLProtocol, didReceive _: URLResponse, cacheStoragePolicy _: URLCache.StoragePolicy) {
            note("response")
        }
        func urlProtocol(_: URLProtocol, didLoad _: Data) { note("data") }
        func urlProtocolDidFinishLoading(_: URLProtocol) {
            note("finished")
            ended()
        }
        func urlProtocol(_: URLProtocol, didFailWithError error: any Error) {
            note("failed: \(error)")
            ended()
        }
        func urlProtocol(_: URLProtocol, wasRedirectedTo _: URLRequest, redirectResponse _: URLResponse) {
            note("redirect")
        }
        func urlProtocol(_: URLProtocol, cachedResponseIsValid _: CachedURLResponse) { note("cached") }
        func urlProtocol(_: URLProtocol, didReceive _: URLAuthenticationChallenge) { note("challenge") }
        func urlProtocol(_: URLProtocol, didCancel _: URLAuthenticationChallenge) { note("cancel") }
    }

    @Test("The task's work queue is found on this toolchain, for a data task and an upload task")
    func foundOnThisToolchain() throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let url = URL(string: "https://127.0.0.1:9/")!
        #expect(ClientQueue.workQueue(of: session.dataTask(with: url)) != nil)
        #expect(ClientQueue.workQueue(of: session.uploadTask(with: URLRequest(url: url), from: Data())) != nil)
    }

    @Test(
        "Every report of a request, answered or refused, reaches URLSession's client on the task's work queue",
        arguments: [true, false])
    func reportsOnTheTaskQueue(pinningTheRightServer: Bool) async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let policy =
                pinningTheRightServer ? Pinned.pinningTheRightCA : policy(.certificate, pinning: [pki.rogueRoot])
            let manager = try Pinned.manager(for: server, policy)
            defer { manager.invalidateSession(cancelingTasks: true) }
            // A task of the manager's session, never resumed: the test plays URLSession's part.
            let task = manager.session.dataTask(with: server.url("/get"))
            let queue = try #require(ClientQueue.workQueue(of: task))
            let key = DispatchSpecificKey<Bool>()
            queue.setSpecific(key: key, value: true)
            let spy = Protected<SpyClient?>(nil)
            await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
                let client = SpyClient(key: key) { ended.resume() }
                spy.withLock { $0 = client }
                queue.async {
                    let loading = PinnedHTTPSProtocol(task: task, cachedResponse: nil, client: client)
                    client.keep(loading)
                    loading.startLoading()
                }
            }
            let client = try #require(spy.withLock { $0 })
            let calls = client.calls.withLock { $0 }
            let expected = pinningTheRightServer ? ["response", "data", "finished"] : ["failed"]
            let names = calls.map { $0.name.components(separatedBy: ":")[0] }
            #expect(Set(names).isSuperset(of: expected), "\(calls)")
            #expect(calls.allSatisfy { $0.onTaskQueue }, "\(calls)")
        }
    }
    #endif

    @Test("Many requests at once, each made while others finish: every one completes, and the process stays up")
    func manyAtOnce() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let statuses = Protected<[Int]>([])
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<16 {
                    group.addTask {
                        for index in 0..<40 {
                            let outcome = await Pinned.get(manager, server.url("/get?w=\(worker)&n=\(index)"))
                            statuses.withLock { $0.append(outcome.status ?? -1) }
                        }
                    }
                }
            }
            #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 640))
        }
    }
}
