import Chapter08Exercise1
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import TaskDelegates
import Locking
import Testing

/// Each prediction is checked against a real exchange with HTTPBin, recorded by a session delegate
/// that only takes notes (and, for the buffers, by a naive buffer and a real `TaskDelegate`).
@Suite("8.1 Predict the exchange with a wrong password")
struct PredictionTests {
    @Test("The callbacks, in order")
    func events() async throws {
        let linux = try await Exchange.run().linux
        #expect(Predictions.events != nil, "write your prediction of the callbacks in Predictions.events")
        #expect(
            Predictions.events == linux.events,
            "not the callbacks a Linux session delegate receives: how many responses does a wrong password bring, and where does each challenge fall?")
    }

    @Test("What a naive buffer holds")
    func naive() async throws {
        let linux = try await Exchange.run().linux
        #expect(Predictions.naiveBufferHolds == linux.naiveBodies, "not what appending every chunk leaves")
    }

    @Test("What a TaskDelegate's buffer holds")
    func taskDelegate() async throws {
        let linux = try await Exchange.run().linux
        #expect(
            Predictions.taskDelegateBufferHolds == linux.taskDelegateBodies,
            "not what the task delegate's buffer holds: what does each new response do to it?")
    }

    @Test("How the task ends")
    func ending() async throws {
        let observed = try await Exchange.run()
        #expect(Predictions.ending == observed.ending, "not how the task ends when its challenge is cancelled")
    }
}

/// One `/basic-auth/user/pass` exchange: the first challenge is answered with the wrong password,
/// any later one cancelled.
final class Exchange: NSObject, URLSessionDataDelegate, Sendable {
    struct Observed: Sendable {
        var events: [Event] = []
        var naive = Data()
        var statuses: [Int] = []
        var bodies: [Int: Data] = [:]
        var taskDelegateBodies: [Int] = []
        var ending: Ending?

        /// The statuses whose bodies `buffer` is made of, in order (-1 for bytes that match none).
        func statuses(in buffer: Data) -> [Int] {
            var rest = buffer
            var found: [Int] = []
            while !rest.isEmpty, let status = statuses.first(where: { bodies[$0].map { !$0.isEmpty && rest.starts(with: $0) } ?? false }) {
                found.append(status)
                rest = rest.dropFirst(bodies[status]!.count)
            }
            return rest.isEmpty ? found : found + [-1]
        }

        /// 401 bodies that Darwin never delivered (see `linux`).
        var undeliveredUnauthorizedBodies = 0

        var naiveBodies: [Int] { Array(repeating: 401, count: undeliveredUnauthorizedBodies) + statuses(in: naive) }

        /// What a Linux session delegate sees. On Darwin the 401s never reach the delegate
        /// (URLSession asks for the challenge first): there, the Linux sequence that chapter 8
        /// documents is built from what Darwin observes, a 401 and its body before each challenge.
        var linux: Observed {
            #if canImport(FoundationNetworking)
            return self
            #else
            guard !events.contains(.response(status: 401)) else { return self }
            let challenges = events.filter { $0 == .challenge }.count
            var linux = self
            linux.events = events.flatMap { $0 == .challenge ? [.response(status: 401), .data, .challenge] : [$0] }
            linux.undeliveredUnauthorizedBodies = challenges
            if challenges > 0 && taskDelegateBodies.isEmpty { linux.taskDelegateBodies = [401] }
            return linux
            #endif
        }
    }

    private let observed = Protected(Observed())
    private let delegate: Protected<TaskDelegate?> = Protected(nil)
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
            completionHandler(.useCredential, URLCredential(user: "user", password: "wrong", persistence: .none))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        note(.complete)
        let ending: Ending = switch error {
        case nil: .noError
        case let error as URLError: .urlError(error.code)
        case .some: .urlError(.unknown)  // not a URLError: no prediction can match it
        }
        observed.withLock { $0.ending = ending }
        done.continuation.yield()
    }
}
