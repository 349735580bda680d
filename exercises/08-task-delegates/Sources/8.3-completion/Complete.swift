import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

/// The queues one completion crosses (chapter 8's `CompletionContext`, without the serializer).
public struct CompletionQueues: Sendable {
    public var processing: DispatchQueue
    public var completion: DispatchQueue
    public var group: DispatchGroup
    public var notification: DispatchQueue

    public init(processing: DispatchQueue, completion: DispatchQueue, group: DispatchGroup, notification: DispatchQueue) {
        self.processing = processing
        self.completion = completion
        self.group = group
        self.notification = notification
    }
}

/// Carries a value that is not `Sendable` (a JSON object) from the queue that made it to the next
/// one: it is built once, never changed, and the queue that built it lets go of it.
public struct HandOff<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

public typealias CompletionHandler = @Sendable (URLResponse?, Any?, (any Error)?) -> Void

/// Completes a task the way AFNetworking's task delegate does (exercise 8.3): a network `error`
/// goes straight to the handler, with no object and no serialization; otherwise `serializer` runs
/// on the processing queue and the handler gets its object and its error. The handler runs on the
/// completion queue, inside the group; `notify` runs on the notification queue, after the handler.
public func complete(
    response: URLResponse?, data: Data, error: (any Error)?, serializer: any ResponseSerializer,
    queues: CompletionQueues, handler: @escaping CompletionHandler, notify: @escaping @Sendable () -> Void
) {
    // TODO(8.3): this looks right, and a quick try seems to work, but two of its choices break the
    // rules in the comment above. Run the answer tests, find the two, and fix them with small changes.
    @Sendable func deliver(_ object: HandOff<Any?>, _ error: (any Error)?) {
        queues.completion.async(group: queues.group) {
            handler(response, object.value, error)
        }
        // The notification goes out once the handler is on its way.
        queues.notification.async(execute: notify)
    }
    queues.processing.async {
        let result = serializer.anyResponseObject(for: response, data: data)
        // A network error wins over whatever the serializer made of the body.
        deliver(HandOff(error == nil ? result.object : nil), error ?? result.error)
    }
}
