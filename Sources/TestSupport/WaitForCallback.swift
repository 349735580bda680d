import Foundation

/// A wait that ran out of time, saying what it waited for and how far things had got, so that a
/// failing test explains itself ("waited 30 s for the completion handler of GET /delay/5000: the
/// task is running, 0 bytes received") instead of naming an error type.
package struct TimedOut: Error, CustomStringConvertible {
    package let waitedFor: String
    package let seconds: Double
    package let progress: String

    package var description: String {
        "waited \(seconds.formatted()) s for \(waitedFor), in vain; by then \(progress)"
    }
}

/// Starts something that reports once through the closure `start` is given, and waits for that
/// report, at most `seconds` (a hang fails the test instead of stopping the run). When time runs
/// out, the error says what was awaited and, from `progress`, how far things had got. A second
/// report, or one after the time ran out, is ignored.
package func waitForCallback<Value: Sendable>(
    within seconds: Double, for waitedFor: String,
    progress: @escaping @Sendable () -> String = { "nothing more is known" },
    _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Void
) async throws -> Value {
    let waiter = Locked<CheckedContinuation<Value, any Error>?>(nil)
    return try await withCheckedThrowingContinuation { continuation in
        waiter.withLock { $0 = continuation }
        let finish: @Sendable (Result<Value, any Error>) -> Void = { result in
            let pending = waiter.withLock { pending in
                defer { pending = nil }
                return pending
            }
            pending?.resume(with: result)
        }
        start(finish)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            finish(.failure(TimedOut(waitedFor: waitedFor, seconds: seconds, progress: progress())))
        }
    }
}

/// The test queues' names, so that a closure can say which queue it runs on.
package enum TestQueue {
    package static let nameKey = DispatchSpecificKey<String>()

    /// A queue that answers `current` with its label.
    package static func named(_ label: String, attributes: DispatchQueue.Attributes = []) -> DispatchQueue {
        let queue = DispatchQueue(label: label, attributes: attributes)
        queue.setSpecific(key: nameKey, value: label)
        return queue
    }

    /// The label of the named queue running the caller, or "another queue".
    package static var current: String {
        DispatchQueue.getSpecific(key: nameKey) ?? "another queue"
    }
}
