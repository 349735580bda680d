import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

/// One caller waiting for a task: the queue its handler runs on, and the handler.
public struct Caller: Sendable {
    public var queue: DispatchQueue
    public var handler: CompletionHandler

    public init(queue: DispatchQueue, handler: @escaping CompletionHandler) {
        self.queue = queue
        self.handler = handler
    }
}

/// Carries a value that is not `Sendable` (a JSON object) from the queue that made it to the
/// queues that read it: it is built once, never changed, and the queue that built it lets go of it.
public struct HandOff<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

public typealias CompletionHandler = @Sendable (URLResponse?, Any?, (any Error)?) -> Void

/// Completes one task for several callers, each with a completion queue of its own (a merged
/// download, as in chapter 11, whose callers each chose where to be answered).
///
/// The rules are chapter 8's, for every caller: a network `error` goes straight to the handlers,
/// with no object and no serialization; otherwise `serializer` runs once, on `processing`, and
/// every handler gets its object and its error. Each handler runs on its caller's queue, inside
/// `group`, the manager's completion group, which its other tasks share. `notify` runs once, on
/// `notification`, after every handler of this task has returned, and it runs even when there is
/// no caller at all (AFNetworking posts `taskDidComplete` for a task without a completion handler
/// too).
public func complete(
    response: URLResponse?, data: Data, error: (any Error)?, serializer: any ResponseSerializer,
    processing: DispatchQueue, callers: [Caller], group: DispatchGroup, notification: DispatchQueue,
    notify: @escaping @Sendable () -> Void
) {
    @Sendable func deliver(_ object: HandOff<Any?>, _ error: (any Error)?) {
        // The handlers run on queues of their own, in any order and at the same time: the one
        // queued last may return first. Only a count of the handlers still running knows when the
        // last one has returned, and a group is that count; with no handler it is empty at once.
        let handlers = DispatchGroup()
        for caller in callers {
            handlers.enter()
            caller.queue.async(group: group) {
                caller.handler(response, object.value, error)
                handlers.leave()
            }
        }
        handlers.notify(queue: notification, execute: notify)
    }
    if let error {
        deliver(HandOff(nil), error)
        return
    }
    processing.async {
        // Parsed once, whoever waits: the object is never changed, so every handler may read it.
        let result = serializer.anyResponseObject(for: response, data: data)
        deliver(HandOff(result.object), result.error)
    }
}
