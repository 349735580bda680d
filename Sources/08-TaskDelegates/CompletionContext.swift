import Dispatch
import ResponseParsing
import ResponseValidation

// listing: completion-context
/// What completing a task needs from its owner. AFNetworking's task delegate reads these off its
/// manager at the moment the task completes; here the owner hands them in as one value, so that
/// chapter 9's manager can pass its current settings and a test can pass its own queues.
public struct CompletionContext: Sendable {
    /// Turns the response and the body into an object (chapter 5's contract). Skipped when the
    /// task failed with a network error.
    public var responseSerializer: any ResponseSerializer
    /// Where the serializer runs: a concurrent queue, so that parsing never blocks the session's
    /// delegate queue and several responses can be parsed at once.
    public var processingQueue: DispatchQueue
    /// Where the completion handler runs. AFNetworking's default is the main queue.
    public var completionQueue: DispatchQueue
    /// The group the completion handler runs in, so that a caller can wait for a batch of tasks.
    public var completionGroup: DispatchGroup
    /// Where `taskDidComplete` is posted, after the handler. AFNetworking hops to the main queue.
    public var notificationQueue: DispatchQueue

    public init(
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
    /// One concurrent queue for every task, as AFNetworking's `url_session_manager_processing_queue`.
    ///
    /// It targets the default global queue. A queue made with only a label targets an
    /// "overcommit" one, which starts a new thread for each item whenever no thread is idle: a
    /// burst of responses would then cost a burst of threads, each created, scheduled and
    /// destroyed. On the global queue, parsing runs on at most one thread per core, and a
    /// response that arrives while all are busy waits its turn.
    public static let sharedProcessingQueue = DispatchQueue(
        label: "com.alamofire.networking.session.manager.processing", attributes: .concurrent, target: .global())
    /// One group for every task whose owner names none, as `url_session_manager_completion_group`.
    public static let sharedCompletionGroup = DispatchGroup()
}
