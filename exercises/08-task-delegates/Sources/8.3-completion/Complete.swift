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
    // TODO(8.3): a colleague wrote this from chapter 8's single-handler completion. It looks
    // right, and a quick try with one caller works, but it breaks two of the rules above. Run the
    // answer tests, find the two, and fix them.
    for (index, caller) in callers.enumerated() {
        // The notification goes out from the block of the last handler, once it has returned,
        // as chapter 8 queues it.
        let isLast = index == callers.count - 1
        guard error == nil else {
            caller.queue.async(group: group) {
                caller.handler(response, nil, error)
                if isLast { notification.async(execute: notify) }
            }
            continue
        }
        processing.async {
            // Each caller gets an object of its own, so that no object is shared between queues.
            let result = serializer.anyResponseObject(for: response, data: data)
            let (object, error) = (HandOff(result.object), result.error)
            caller.queue.async(group: group) {
                caller.handler(response, object.value, error)
                if isLast { notification.async(execute: notify) }
            }
        }
    }
}
