import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Tracing

extension TaskDelegate {
    /// What completing the task needs, taken out of the state in the step that marks it completed:
    /// the error it completes with, and what it left behind.
    package struct Completion: Sendable {
        /// URLSession's error, or the one the owner's reason for cancelling the task decided.
        package let error: (any Error)?
        var response: URLResponse?
        var data: Data
        var downloadFileURL: URL?
    }

    // listing: completion-paths
    /// The task completed, with a network error or without. Only the first call counts.
    package func didComplete(error: (any Error)?, context: CompletionContext) {
        guard let completion = takeCompletion(reportedError: error) else { return }
        complete(completion, context: context)
    }

    /// Runs the completion. A network error goes straight to the completion handler, with no
    /// object and no serialization. Otherwise the serializer runs on the processing queue, then
    /// the handler runs on the completion queue inside the completion group. Either way
    /// `taskDidComplete` is posted after the handler has run.
    package func complete(_ completion: Completion, context: CompletionContext) {
        trace(.didComplete, TraceDetail.completion(completion.error, bytes: completion.data.count))
        if let error = completion.error {
            deliver(Outcome(completion, serializer: context.responseSerializer, object: nil, error: error), context)
            return
        }
        finishUnknownDownloadTotal()
        context.processingQueue.async {
            self.trace(
                .processingQueue, on: TracePlace.queue(context.processingQueue),
                "\(type(of: context.responseSerializer))")
            let result = context.responseSerializer.anyResponseObject(for: completion.response, data: completion.data)
            self.traceSerialization(result, of: completion, by: context)
            // A download's object is its file, but the serializer's error is kept (AFNetworking).
            let object = completion.downloadFileURL.map { $0 as Any } ?? result.object
            self.deliver(
                Outcome(completion, serializer: context.responseSerializer, object: object, error: result.error),
                context)
        }
    }
    // end-listing

    // listing: take-completion
    /// Marks the task completed and takes out what its completion needs, in one acquisition of the
    /// lock: nil when it had completed already, so of two finishers only one gets it. The error is
    /// URLSession's, unless the owner cancelled the task: then its reason decides. (A download task
    /// is given no response: it is read off the task, a trip through its queue on Linux.)
    package func takeCompletion(reportedError: (any Error)?) -> Completion? {
        let taken = state.withLock { state -> (Completion, (any OwnerCancellation)?)? in
            var reason: (any OwnerCancellation)?
            switch state.phase {
            case .completed: return nil
            case .running: break
            case .cancelledByOwner(let ownerReason): reason = ownerReason
            }
            state.phase = .completed
            defer { state.data = Data() }
            let left = Completion(
                error: reportedError, response: state.response, data: state.data,
                downloadFileURL: state.downloadFileURL)
            return (left, reason)
        }
        guard let (left, reason) = taken else { return nil }
        return Completion(
            error: reason.map { $0.completionError(reported: reportedError) } ?? reportedError,
            response: left.response ?? task.response, data: left.data, downloadFileURL: left.downloadFileURL)
    }
    // end-listing

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

    init(_ completion: TaskDelegate.Completion, serializer: any ResponseSerializer, object: Any?, error: (any Error)?) {
        self.response = completion.response
        self.object = object
        self.error = error
        // listing: completion-user-info
        var userInfo = [AnyHashable: Any](minimumCapacity: 4)
        userInfo[TaskDidCompleteKey.responseSerializer] = serializer
        if let file = completion.downloadFileURL {
            userInfo[TaskDidCompleteKey.assetPath] = file
        } else {
            userInfo[TaskDidCompleteKey.responseData] = completion.data
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
        _ result: SerializedResponse<Any>, of completion: Completion, by context: CompletionContext
    ) {
        guard tracer != nil else { return }
        let place = TracePlace.queue(context.processingQueue)
        if let validating = context.responseSerializer as? any ValidatingResponseSerializer {
            trace(
                .validation, on: place,
                TraceDetail.validation(validating.validation.validate(completion.response, data: completion.data)))
        }
        trace(.parsing, on: place, TraceDetail.handlerArguments(result.object, result.error))
    }
}
