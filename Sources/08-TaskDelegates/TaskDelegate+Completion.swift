import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Tracing

extension TaskDelegate {
    /// What the task left behind when it completed, taken out of the state in one step.
    struct Leftovers: Sendable {
        var response: URLResponse?
        var data: Data
        var downloadFileURL: URL?
    }

    // listing: completion-paths
    /// The task completed, with a network error or without. Only the first call counts.
    ///
    /// A network error goes straight to the completion handler, with no object and no
    /// serialization. Otherwise the serializer runs on the processing queue, then the handler runs
    /// on the completion queue inside the completion group. Either way `taskDidComplete` is posted
    /// after the handler has run.
    package func didComplete(error: (any Error)?, context: CompletionContext) {
        guard let leftovers = takeLeftovers() else { return }
        trace(.didComplete, TraceDetail.completion(error, bytes: leftovers.data.count))
        if error == nil { finishUnknownDownloadTotal() }
        if let error {
            deliver(Outcome(leftovers, serializer: context.responseSerializer, object: nil, error: error), context)
        } else {
            context.processingQueue.async {
                self.trace(
                    .processingQueue, on: TracePlace.queue(context.processingQueue),
                    "\(type(of: context.responseSerializer))")
                let result = context.responseSerializer.anyResponseObject(for: leftovers.response, data: leftovers.data)
                self.traceSerialization(result, of: leftovers, by: context)
                // A download's object is its file, but the serializer's error is kept (AFNetworking).
                let object = leftovers.downloadFileURL.map { $0 as Any } ?? result.object
                self.deliver(
                    Outcome(leftovers, serializer: context.responseSerializer, object: object, error: result.error),
                    context)
            }
        }
    }
    // end-listing

    /// Marks the task completed and hands its buffer over, or returns nil when it already was.
    /// The response is the last one the delegate was given; a download task is given none (its
    /// response is read off the task, which on Linux costs a trip through the task's own queue).
    private func takeLeftovers() -> Leftovers? {
        let leftovers = state.withLock { state -> Leftovers? in
            guard !state.isCompleted else { return nil }
            state.isCompleted = true
            defer { state.data = Data() }
            return Leftovers(response: state.response, data: state.data, downloadFileURL: state.downloadFileURL)
        }
        guard var leftovers else { return nil }
        if leftovers.response == nil { leftovers.response = task.response }
        return leftovers
    }

    /// A body of unknown length (chunked) leaves the download progress at so many bytes of -1:
    /// once it is all in, its length is known, so the progress can show 1.0. (An addition: on
    /// Darwin, AFNetworking's progress for a chunked body stays indeterminate.)
    private func finishUnknownDownloadTotal() {
        let counts = state.withLock { state -> Counts? in
            guard state.download.expected < 0, state.download.done > 0 else { return nil }
            return Counts(total: state.download.done, completed: state.download.done, progress: state.download.progress)
        }
        if let counts { report(.download, counts) }
    }

    // listing: completion-dispatch
    /// Runs the handler on the completion queue, in the group, then posts the notification with
    /// a hop to the notification queue (AFNetworking hops to the main queue).
    private func deliver(_ outcome: Outcome, _ context: CompletionContext) {
        context.completionQueue.async(group: context.completionGroup) {
            self.trace(
                .completionQueue, on: TracePlace.queue(context.completionQueue),
                TraceDetail.handlerArguments(outcome.object, outcome.error))
            self.completionHandler?(outcome.response, outcome.object, outcome.error)
            context.notificationQueue.async {
                self.notificationCenter.post(name: .taskDidComplete, object: self.task, userInfo: outcome.userInfo)
                self.trace(
                    .didCompleteNotification, on: TracePlace.queue(context.notificationQueue),
                    TraceDetail.userInfo(outcome.userInfo))
            }
        }
    }
    // end-listing
}

/// The completion handler's arguments and the notification's `userInfo`, carried from the queue
/// that made them to the completion queue and the notification queue.
///
/// `Any` is not `Sendable` (a JSON object is an `NSDictionary` on Darwin), so this value is marked
/// `@unchecked Sendable` as an ownership hand-off: it is built once, never changed, and after it is
/// handed to the next queue the queue that built it no longer touches the object.
struct Outcome: @unchecked Sendable {
    let response: URLResponse?
    let object: Any?
    let error: (any Error)?
    /// Keyed by `AnyHashable`, as `Notification` keeps it: a `[String: Any]` would be copied into
    /// a new dictionary, key by key, every time it is posted.
    let userInfo: [AnyHashable: Any]

    init(_ leftovers: TaskDelegate.Leftovers, serializer: any ResponseSerializer, object: Any?, error: (any Error)?) {
        self.response = leftovers.response
        self.object = object
        self.error = error
        // listing: completion-user-info
        var userInfo = [AnyHashable: Any](minimumCapacity: 4)
        userInfo[TaskDidCompleteKey.responseSerializer] = serializer
        if let file = leftovers.downloadFileURL {
            userInfo[TaskDidCompleteKey.assetPath] = file
        } else {
            userInfo[TaskDidCompleteKey.responseData] = leftovers.data
        }
        if let error { userInfo[TaskDidCompleteKey.error] = error }
        if let object { userInfo[TaskDidCompleteKey.serializedResponse] = object }
        // end-listing
        self.userInfo = userInfo
    }
}

extension TaskDelegate {
    /// Chapter 1's trace of the serializer's two steps. A serializer that validates (chapter 5)
    /// is asked again for its validation alone, so that the trace can show it apart from parsing:
    /// that costs a second validation, only while a tracer listens.
    fileprivate func traceSerialization(
        _ result: SerializedResponse<Any>, of leftovers: Leftovers, by context: CompletionContext
    ) {
        guard tracer != nil else { return }
        let place = TracePlace.queue(context.processingQueue)
        if let validating = context.responseSerializer as? any ValidatingResponseSerializer {
            trace(
                .validation, on: place,
                TraceDetail.validation(validating.validation.validate(leftovers.response, data: leftovers.data)))
        }
        trace(.parsing, on: place, TraceDetail.handlerArguments(result.object, result.error))
    }
}
