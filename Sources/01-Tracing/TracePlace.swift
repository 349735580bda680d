import Foundation

/// Names for the places a step runs, as the trace shows them.
package enum TracePlace {
    /// Where the current code runs when the library does not choose it: the session's delegate
    /// queue (an `OperationQueue`, which knows its name), the main thread, or the caller's thread.
    package static var current: String {
        if let name = OperationQueue.current?.name, OperationQueue.current !== OperationQueue.main { return name }
        return Thread.isMainThread ? "main thread" : "caller's thread"
    }

    /// A dispatch queue the library chose and runs this code on, by its label ("main queue" for
    /// the main queue). Dispatch on Linux cannot name the current queue, so the code that is
    /// inside the queue's block passes the queue.
    package static func queue(_ queue: DispatchQueue) -> String {
        queue.label == DispatchQueue.main.label ? "main queue" : queue.label
    }
}
