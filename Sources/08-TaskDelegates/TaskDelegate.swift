import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import Tracing

/// Everything about one task, from its first byte to its completion: the body received so far,
/// the upload and download progress, the destination of a download, and the completion handler
/// (AFNetworking's `AFURLSessionManagerTaskDelegate`).
///
/// A session has one delegate for all its tasks; its owner (chapter 9's manager, or in this chapter
/// a bare forwarding delegate) looks up the task's `TaskDelegate` and calls the event method that
/// matches each URLSession callback. Events arrive one at a time on the session's delegate queue,
/// but a caller may ask for a progress object from any thread (chapter 9's `uploadProgress(for:)`
/// and `downloadProgress(for:)`), and a challenge answered later may complete the task from the
/// thread that answers: so what changes lives behind one lock (`Protected`), and what never
/// changes (the caller's closures, the destination) is `let`.
///
/// AFNetworking keeps this class private. Here `init`, `task`, `data` and the two response events
/// are public, so that a session delegate of your own can drive a real one (exercise 8.1 does);
/// the other events, the progress objects and the completion are `package`: only chapter 9's
/// manager (and this package's tests) call them.
public final class TaskDelegate: Sendable {
    /// AFNetworking's completion block: the response, the object, the error. The object and the
    /// error may both be set (a 404 whose JSON body explains it: chapter 5's contract).
    public typealias CompletionHandler = @Sendable (URLResponse?, Any?, (any Error)?) -> Void
    /// The caller's progress handler (AFNetworking's progress block): called with the progress
    /// object each time the event methods move it, on the session's delegate queue. Not to be
    /// confused with a `Progress`'s own cancellation, pausing and resuming handlers, which
    /// Foundation calls on a queue of its own (`makeProgress(controlling:)`).
    public typealias ProgressHandler = @Sendable (Progress) -> Void
    /// Where a finished download should go, given its temporary file and the response.
    public typealias Destination = @Sendable (_ temporaryURL: URL, _ response: URLResponse?) -> URL

    // listing: task-delegate-properties
    /// The task this delegate carries: the one it was made for, or the task that one became
    /// (`move(to:)`: on Darwin a response may turn a data task into a download).
    public var task: URLSessionTask {
        state.withLock { $0.task }
    }

    let uploadProgressHandler: ProgressHandler?
    let downloadProgressHandler: ProgressHandler?
    let destination: Destination?
    let completionHandler: CompletionHandler?
    let notificationCenter: NotificationCenter
    /// Chapter 1's tracing hook: the tracer of the manager that made this task, or nil.
    let tracer: Tracer?
    /// The length the request declared for its body (`Content-Length`), kept for the upload's
    /// total: URLSession reports an unknown one for a streamed body.
    let declaredBodyLength: Int64?
    /// Who pauses and resumes the task when its progress is paused or resumed: its owner (chapter
    /// 9's manager, which then posts its notifications), or, when nil, the task itself.
    weak let owner: (any TaskOwner)?
    let state: Protected<State>
    // end-listing

    // listing: task-delegate-state
    /// What changes while the task runs. Only ever touched under the lock, never while calling out.
    struct State {
        var task: URLSessionTask
        var phase = Phase.running
        var data = Data()
        var response: URLResponse?
        var upload = Transfer()
        var download = Transfer()
        var downloadFileURL: URL?
        var downloadMoveError: (any Error)?
    }

    /// Where the task is: what every event asks before it changes anything. Only a running
    /// task's events count; the owner's reason decides the error (chapter 9); `completed` means
    /// the completion was taken out (`takeCompletion`), the one record that the task completed.
    enum Phase {
        case running
        case cancelledByOwner(any OwnerCancellation)
        case completed
    }

    /// One direction's counts, and its progress object once someone has asked for it.
    struct Transfer {
        var expected = ProgressBookkeeping.unknown
        var done: Int64 = 0
        var progress: Progress?
    }
    // end-listing

    /// A direction's counts as an event left them, and its progress object if one exists: what
    /// `report` needs, taken in the same acquisition of the lock as the event's own change.
    struct Counts: Sendable {
        var total: Int64
        var completed: Int64
        var progress: Progress?
    }

    enum Direction {
        case upload, download
    }

    public convenience init(
        task: URLSessionTask,
        uploadProgress: ProgressHandler? = nil,
        downloadProgress: ProgressHandler? = nil,
        destination: Destination? = nil,
        notificationCenter: NotificationCenter = .default,
        tracer: Tracer? = nil,
        completionHandler: CompletionHandler? = nil
    ) {
        self.init(
            task: task, uploadProgress: uploadProgress, downloadProgress: downloadProgress, destination: destination,
            notificationCenter: notificationCenter, tracer: tracer,
            declaredBodyLength: ProgressBookkeeping.declaredLength(of: task.originalRequest), owner: nil,
            completionHandler: completionHandler)
    }

    /// The owner's initializer: `declaredBodyLength` read from the request before anything took
    /// its `Content-Length` off, and the owner the progress objects pause and resume through.
    package init(
        task: URLSessionTask, uploadProgress: ProgressHandler?, downloadProgress: ProgressHandler?,
        destination: Destination?, notificationCenter: NotificationCenter, tracer: Tracer?,
        declaredBodyLength: Int64?, owner: (any TaskOwner)?, completionHandler: CompletionHandler?
    ) {
        self.uploadProgressHandler = uploadProgress
        self.downloadProgressHandler = downloadProgress
        self.destination = destination
        self.notificationCenter = notificationCenter
        self.tracer = tracer
        self.declaredBodyLength = declaredBodyLength
        self.owner = owner
        self.completionHandler = completionHandler
        state = Protected(State(task: task))
    }

    /// Bytes sent, against the body's length (-1 while unknown).
    package var uploadProgress: Progress { progress(.upload) }
    /// Bytes received or written, against the expected length (-1 while unknown).
    package var downloadProgress: Progress { progress(.download) }

    /// The upload progress, or nil once the task has completed (chapter 9's `uploadProgress(for:)`).
    package var uploadProgressUntilCompleted: Progress? { progress(.upload, unlessCompleted: true) }
    /// The download progress, or nil once the task has completed.
    package var downloadProgressUntilCompleted: Progress? { progress(.download, unlessCompleted: true) }

    func progress(_ direction: Direction) -> Progress {
        progress(direction, unlessCompleted: false)!
    }

    // listing: progress-on-demand
    /// A direction's progress object, made the first time someone needs it (a caller asks, or an
    /// event has a handler to call) from the counts so far, so that a task nobody watches never
    /// pays for one. AFNetworking makes both in `init`, for every task.
    func progress(_ direction: Direction, unlessCompleted: Bool) -> Progress? {
        state.withLock { state in
            if unlessCompleted, case .completed = state.phase { return nil }
            if let progress = state[direction].progress { return progress }
            let progress = makeProgress()
            progress.totalUnitCount = state[direction].expected
            progress.completedUnitCount = state[direction].done
            state[direction].progress = progress
            return progress
        }
    }
    // end-listing

    // listing: progress-controls
    /// A progress object that controls the task: cancelling, pausing or resuming the progress
    /// cancels, suspends or resumes the task this delegate carries now. Pausing and resuming go
    /// through the owner when there is one (chapter 9's manager posts its notifications, as
    /// AFNetworking's swizzled `suspend` and `resume` do). The handlers hold the delegate weakly,
    /// so that a progress kept by a caller keeps neither the delegate nor its task.
    private func makeProgress() -> Progress {
        let progress = Progress(parent: nil, userInfo: nil)
        progress.isCancellable = true
        progress.cancellationHandler = { [weak self] in self?.task.cancel() }
        progress.isPausable = true
        progress.pausingHandler = { [weak self] in
            guard let self else { return }
            if let owner { owner.suspend(task) } else { task.suspend() }
        }
        progress.resumingHandler = { [weak self] in
            guard let self else { return }
            if let owner { owner.resume(task) } else { task.resume() }
        }
        return progress
    }
    // end-listing

    /// A copy of the body received so far (empty once the task has completed: the delegate hands
    /// its buffer to the completion, as AFNetworking frees its `mutableData`).
    public var data: Data {
        state.withLock { $0.data }
    }

    /// Where the download was moved to, once `didFinishDownloading(to:)` has run.
    package var downloadFileURL: URL? {
        state.withLock { $0.downloadFileURL }
    }

    /// Why the finished download could not be moved to `downloadFileURL`, or nil. The completion
    /// handler is not told: as in AFNetworking, it gets the URL and no move error (the
    /// serializer's error, if any, is kept), and the failure is posted as
    /// `downloadTaskDidFailToMoveFile` (chapter 10's `async` download throws it).
    package var downloadMoveError: (any Error)? {
        state.withLock { $0.downloadMoveError }
    }

    /// Whether the task has completed (its completion has been taken out: `takeCompletion`).
    package var hasCompleted: Bool {
        state.withLock { state in
            guard case .completed = state.phase else { return false }
            return true
        }
    }

    /// Moves this delegate to the task its task became (AFNetworking's manager does the same in
    /// `URLSession:dataTask:didBecomeDownloadTask:`): from now on its events, its progress
    /// objects' controls and its completion notification are the new task's.
    package func move(to newTask: URLSessionTask) {
        state.withLock { $0.task = newTask }
    }

    /// Runs `body` while holding the delegate's lock. Nothing in the course calls it: it is how a
    /// test holds a thread where another thread's event would have to wait, and proves that an
    /// event checks and changes the state in one critical section.
    package func whileLocked(_ body: () -> Void) {
        state.withLock { _ in body() }
    }

    /// Which progress objects exist so far, without making one: a task nobody watches has none.
    package var progressObjectsMade: (upload: Bool, download: Bool) {
        state.withLock { ($0.upload.progress != nil, $0.download.progress != nil) }
    }
}

extension TaskDelegate {
    /// Reports a step of this task to the tracer, if there is one (chapter 1). With none, this is
    /// a nil check: the place and the detail are never built.
    func trace(
        _ step: TraceStep, on place: @autoclosure () -> String = TracePlace.current, _ detail: @autoclosure () -> String
    ) {
        guard let tracer else { return }
        tracer.record(step, task: task.taskIdentifier, on: place(), detail())
    }
}

extension TaskDelegate.State {
    func counts(_ direction: TaskDelegate.Direction) -> TaskDelegate.Counts {
        TaskDelegate.Counts(
            total: self[direction].expected, completed: self[direction].done, progress: self[direction].progress)
    }

    subscript(direction: TaskDelegate.Direction) -> TaskDelegate.Transfer {
        get { direction == .upload ? upload : download }
        set {
            switch direction {
            case .upload: upload = newValue
            case .download: download = newValue
            }
        }
    }
}
