import Chapter08Exercise1
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import TaskDelegates
import Synchronization
import Testing

/// Each prediction is checked against a real exchange with HTTPBin, recorded by a session delegate
/// that only takes notes (and, for the buffers, by a naive buffer and a real `TaskDelegate`).
@Suite("8.1 Predict the 401-then-200 exchange")
struct PredictionTests {
    @Test("The callbacks, in order")
    func events() async throws {
        let observed = try await Exchange.run()
        // On Darwin the 401 never reaches the delegate: the prediction is about Linux, which is
        // what this records there. On a Mac the Linux sequence is the one chapter 8 documents.
        #if canImport(FoundationNetworking)
        let linux = observed.events
        #else
        let linux: [Event] = [.response(status: 401), .data, .challenge] + observed.events.filter { $0 != .challenge }
        #endif
        #expect(Predictions.events == linux, "not the sequence a Linux session delegate receives")
    }

    @Test("What a naive buffer holds")
    func naive() async throws {
        let observed = try await Exchange.run()
        #if canImport(FoundationNetworking)
        let linux = observed.naiveBodies
        #else
        let linux = [401] + observed.naiveBodies  // Darwin never delivers the 401's body
        #endif
        #expect(Predictions.naiveBufferHolds == linux, "not what appending every chunk leaves")
    }

    @Test("What a TaskDelegate's buffer holds")
    func taskDelegate() async throws {
        let observed = try await Exchange.run()
        #expect(Predictions.taskDelegateBufferHolds == observed.taskDelegateBodies, "not what the task delegate's buffer holds")
    }
}

/// One `/basic-auth/user/pass` exchange, answered with the right credential.
final class Exchange: NSObject, URLSessionDataDelegate, Sendable {
    struct Observed: Sendable {
        var events: [Event] = []
        var naive = Data()
        var statuses: [Int] = []
        var bodies: [Int: Data] = [:]
        var taskDelegateBodies: [Int] = []

        /// The statuses whose bodies `buffer` is made of, in order.
        func statuses(in buffer: Data) -> [Int] {
            var rest = buffer
            var found: [Int] = []
            while !rest.isEmpty, let status = statuses.first(where: { bodies[$0].map { !$0.isEmpty && rest.starts(with: $0) } ?? false }) {
                found.append(status)
                rest = rest.dropFirst(bodies[status]!.count)
            }
            return rest.isEmpty ? found : found + [-1]
        }

        var naiveBodies: [Int] { statuses(in: naive) }
    }

    private let observed = Mutex(Observed())
    private let delegate: Mutex<TaskDelegate?> = Mutex(nil)
    private let done = AsyncStream<Void>.makeStream()

    static func run() async throws -> Observed {
        let server = try await HTTPBin.start()
        let exchange = Exchange()
        let session = URLSession(configuration: .ephemeral, delegate: exchange, delegateQueue: nil)
        let task = session.dataTask(with: server.url("/basic-auth/user/pass"))
        exchange.delegate.withLock { $0 = TaskDelegate(task: task, notificationCenter: NotificationCenter()) }
        task.resume()
        for await _ in exchange.done.stream { break }
        session.finishTasksAndInvalidate()
        try await server.shutdown()
        var result = exchange.observed.withLock { $0 }
        let buffer = exchange.delegate.withLock { $0?.data } ?? Data()
        result.taskDelegateBodies = result.statuses(in: buffer)
        return result
    }

    private func note(_ event: Event) {
        observed.withLock { if $0.events.last != event || event != .data { $0.events.append(event) } }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        note(.response(status: status))
        observed.withLock { $0.statuses.append(status); $0.bodies[status] = Data() }
        delegate.withLock { $0 }?.didReceive(response: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        note(.data)
        observed.withLock { state in
            state.naive.append(data)
            if let status = state.statuses.last { state.bodies[status, default: Data()].append(data) }
        }
        delegate.withLock { $0 }?.didReceive(data: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        note(.challenge)
        if challenge.previousFailureCount == 0 {
            completionHandler(.useCredential, URLCredential(user: "user", password: "pass", persistence: .none))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        note(.complete)
        done.continuation.yield()
    }
}
