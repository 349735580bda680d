import Dispatch
import ResponseParsing
import ResponseValidation

// listing: completion-context
/// What completing a task needs from its owner. AFNetworking's task delegate reads these off its
/// manager at the moment the task completes; here the owner hands them in as one value, so that
/// chapter 9's manager can pass its current settings and a test can pass its own queues.
package struct CompletionContext: Sendable {
    /// Turns the response and the body into an object (chapter 5); skipped after a network error.
    package var responseSerializer: any ResponseSerializer
    /// Where the serializer runs: concurrent, so that parsing never holds up the delegate queue.
    package var processingQueue: DispatchQueue
    /// Where the completion handler runs. AFNetworking's default is the main queue.
    package var completionQueue: DispatchQueue
    /// The group the completion handler runs in, so that a caller can wait for a batch of tasks.
    package var completionGroup: DispatchGroup
    /// Where `taskDidComplete` is posted, after the handler. AFNetworking hops to the main queue.
    package var notificationQueue: DispatchQueue

    package init(
        responseSerializer: any ResponseSerializer = JSONResponseSerializer(),
        processingQueue: DispatchQueue = CompletionContext.sharedProcessingQueue,
        completionQueue: DispatchQueue = .main,
        completionGroup: DispatchGroup = CompletionContext.sharedCompletionGroup,
        notificationQueue: DispatchQueue = .main
    ) {
        self.responseSerializer = responseSerializer
        self.processingQueue = processingQueue
        self.completionQueue = completionQueue
        self.completionGroup = completionGroup
        self.notificationQueue = notificationQueue
    }
}
// end-listing

extension CompletionContext {
    /// One concurrent queue for every task, as AFNetworking's `url_session_manager_processing_queue`,
    /// made the same way: a label and `.concurrent`, no target.
    ///
    /// That is enough to keep a burst of responses from costing a burst of threads. libdispatch
    /// sends a queue made without a target to a global root queue of its priority, and picks the
    /// root that "overcommits" (starts a thread for an item whenever no thread is idle) only for a
    /// serial queue; a concurrent one goes to the default-priority root that does not, the one
    /// `DispatchQueue.global()` names. So parsing runs on about as many threads as there are
    /// cores, and a response that arrives while all are busy waits its turn.
    package static let sharedProcessingQueue = DispatchQueue(
        label: "com.alamofire.networking.session.manager.processing", attributes: .concurrent)
    /// One group for every task whose owner names none, as `url_session_manager_completion_group`.
    package static let sharedCompletionGroup = DispatchGroup()
}
