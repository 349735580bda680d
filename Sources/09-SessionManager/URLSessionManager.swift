import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import Locking
import TaskDelegates
import Tracing

/// One `URLSession`, its delegate, and a `TaskDelegate` per task (AFNetworking's
/// `AFURLSessionManager`). The manager creates tasks, keeps each task's delegate in its task table,
/// receives every URLSession callback on one serial queue, and forwards each to the task's
/// delegate; completion then runs the response serializer and the caller's handler on the queues
/// chapter 8 describes.
///
/// `open` so that chapter 10's `HTTPSessionManager` can subclass it, as `AFHTTPSessionManager`
/// subclasses `AFURLSessionManager`. An open class cannot be checked `Sendable` by the compiler,
/// hence `@unchecked`: every stored property is either immutable or inside a `Protected`, and that is
/// the rule a subclass must keep too.
open class URLSessionManager: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
    // listing: manager-queue
    /// The configuration the session is (or will be) created from (not public in AFNetworking
    /// either: an app keeps the configuration it passed).
    package let sessionConfiguration: URLSessionConfiguration
    /// The session's delegate queue. One operation at a time, as in AFNetworking: callbacks for one
    /// task arrive in order, the manager's hooks run one at a time (but for the two that `Hooks`
    /// names), and a task delegate is never entered by two callbacks at once. The cost: one slow
    /// hook or handler holds up the callbacks of every other task of the session.
    public let operationQueue: OperationQueue
    // end-listing

    /// Every running task's row: its delegate, its session, its own serializer.
    package let taskTable = TaskTable()
    /// Chapter 1's tracing hook: where this manager and its task delegates report each step.
    package let trace = TraceSwitch()
    /// Where the manager and its task delegates post notifications (tests use their own center).
    package let notificationCenter: NotificationCenter
    /// A description every task of this manager carries, so that the resume and suspend
    /// notifications are posted for its own tasks only. AFNetworking formats the manager's address
    /// each time; a unique string made once is as good, and costs nothing per task.
    package let taskDescriptionForSessionTasks = "URLSessionManager \(UUID().uuidString)"

    let sessionState = Protected(SessionState())
    let settings: Protected<Settings>
    let hookStorage = Protected(HookStorage())

    struct SessionState {
        var session: URLSession?
        var isInvalidated = false
    }

    struct Settings {
        var responseSerializer: any ResponseSerializer = JSONResponseSerializer()
        var completionQueue: DispatchQueue = .main
        var completionGroup: DispatchGroup = CompletionContext.sharedCompletionGroup
        var notificationQueue: DispatchQueue = .main
    }

    /// A manager for `configuration` (the default configuration when nil). The session itself is
    /// created on first use.
    public init(configuration: URLSessionConfiguration? = nil, notificationCenter: NotificationCenter = .default) {
        sessionConfiguration = configuration ?? .default
        operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 1
        operationQueue.name = "URLSessionManager delegate queue"
        self.notificationCenter = notificationCenter
        settings = Protected(Settings())
        super.init()
    }

    /// The session, created on first use with the manager as its delegate (AFNetworking's `init`
    /// creates it at once). After an invalidation with a reset, the next use creates a new one.
    public var session: URLSession {
        let (session, isNew) = sessionState.withLock { sessionCreatingIfNeeded(&$0) }
        if isNew { adoptTasks(of: session) }
        return session
    }

    /// The current session, or a new one when there is none; called under the session lock.
    func sessionCreatingIfNeeded(_ state: inout SessionState) -> (URLSession, isNew: Bool) {
        if let session = state.session { return (session, false) }
        let session = URLSession(
            configuration: Self.sessionConfiguration(from: sessionConfiguration), delegate: self,
            delegateQueue: operationQueue)
        state.session = session
        return (session, true)
    }

    /// Gives a row to every task a new session already has (a background session on iOS brings
    /// back its tasks), as AFNetworking's `init` does. The list arrives later, on the delegate
    /// queue, so a task the caller created meanwhile already has its row, and `insert` keeps it.
    func adoptTasks(of session: URLSession) {
        session.getTasksWithCompletionHandler { [weak self] dataTasks, uploadTasks, downloadTasks in
            guard let self else { return }
            for task in dataTasks as [URLSessionTask] + uploadTasks + downloadTasks {
                let delegate = TaskDelegate(
                    task: task, uploadProgress: nil, downloadProgress: nil, destination: nil,
                    notificationCenter: notificationCenter, tracer: tracer, declaredBodyLength: nil, owner: self,
                    completionHandler: nil)
                let row = TaskTable.Row(delegate: delegate, session: ObjectIdentifier(session), responseSerializer: nil)
                taskTable.insert(row, for: task)
            }
        }
    }

    /// Turns each response into an object on completion. Default: chapter 6's JSON serializer.
    public var responseSerializer: any ResponseSerializer {
        get { settings.withLock { $0.responseSerializer } }
        set { settings.withLock { $0.responseSerializer = newValue } }
    }

    /// The tracer the manager's tasks report their steps to (chapter 1), or nil (the default):
    /// `manager.tracer = Tracer.printing()` prints the journey of every request made from then on.
    public var tracer: Tracer? {
        get { trace.tracer }
        set { trace.tracer = newValue }
    }

    /// Where completion handlers run. Default: the main queue, as in AFNetworking.
    public var completionQueue: DispatchQueue {
        get { settings.withLock { $0.completionQueue } }
        set { settings.withLock { $0.completionQueue = newValue } }
    }

    /// The group completion handlers run in. Default: one group shared by every manager.
    public var completionGroup: DispatchGroup {
        get { settings.withLock { $0.completionGroup } }
        set { settings.withLock { $0.completionGroup = newValue } }
    }

    /// Where the resume, suspend and completion notifications are posted. Default: main, where
    /// AFNetworking posts them.
    public var notificationQueue: DispatchQueue {
        get { settings.withLock { $0.notificationQueue } }
        set { settings.withLock { $0.notificationQueue = newValue } }
    }

    /// What a task's completion needs, read at completion time, as AFNetworking reads its
    /// manager's properties then: the task's own serializer if it has one, else the manager's.
    func completionContext(serializer: (any ResponseSerializer)?) -> CompletionContext {
        settings.withLock { settings in
            CompletionContext(
                responseSerializer: serializer ?? settings.responseSerializer,
                completionQueue: settings.completionQueue,
                completionGroup: settings.completionGroup, notificationQueue: settings.notificationQueue)
        }
    }

    /// The delegate of one of this manager's running tasks.
    func delegate(for task: URLSessionTask) -> TaskDelegate? {
        taskTable.delegate(for: task)
    }

    /// Debug builds check what the comment on `operationQueue` promises, at every URLSession
    /// callback: it runs on that queue, and the queue runs one operation at a time. (Alamofire
    /// checks the same of its own queue with `dispatchPrecondition`.) Release builds compile
    /// nothing here: `assert` drops its condition.
    func assertOnDelegateQueue(_ callback: StaticString = #function) {
        assert(
            OperationQueue.current === operationQueue && operationQueue.maxConcurrentOperationCount == 1,
            "\(callback) ran off the manager's serial delegate queue")
    }

    /// The manager's tasks that have not completed yet (AFNetworking asks its session for them;
    /// the manager reads its own table, which also holds tasks not yet resumed).
    public var tasks: [URLSessionTask] {
        taskTable.delegates.filter { !$0.hasCompleted }.map(\.task)
    }

    /// The task's upload progress, or nil once it has completed.
    public func uploadProgress(for task: URLSessionTask) -> Progress? {
        delegate(for: task)?.uploadProgressUntilCompleted
    }

    /// The task's download progress, or nil once it has completed.
    public func downloadProgress(for task: URLSessionTask) -> Progress? {
        delegate(for: task)?.downloadProgressUntilCompleted
    }

    open override var description: String {
        "<URLSessionManager: \(Unmanaged.passUnretained(self).toOpaque()), operationQueue: \(operationQueue.name ?? "")>"
    }
}
