import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import TaskDelegates
import Tracing

extension URLSessionManager {
    public typealias CompletionHandler = TaskDelegate.CompletionHandler
    public typealias ProgressHandler = TaskDelegate.ProgressHandler
    public typealias Destination = TaskDelegate.Destination

    /// The caller's closures for one task, handed to the task's delegate.
    struct TaskHandlers {
        var uploadProgress: ProgressHandler? = nil
        var downloadProgress: ProgressHandler? = nil
        var destination: Destination? = nil
        var completion: CompletionHandler?
    }

    /// A data task for `request`, not yet resumed: resume it with `resume(_:)`. With a
    /// `responseSerializer`, this task alone completes with it (an addition: AFNetworking has one
    /// serializer per manager); without, with the manager's, read when the task completes.
    public func dataTask(
        with request: URLRequest, uploadProgress: ProgressHandler? = nil, downloadProgress: ProgressHandler? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionDataTask {
        let handlers = TaskHandlers(
            uploadProgress: uploadProgress, downloadProgress: downloadProgress, completion: completionHandler)
        return try addTask(with: request, handlers, responseSerializer) { $0.dataTask(with: $1) }
    }

    // listing: session-add-task
    /// Every kind of task is added the same way: made by a session that is still valid, with the
    /// manager's description, and with a row in the table: the task's delegate, the session, the
    /// task's own serializer. From here on, every event reaches the delegate.
    func addTask<Task: URLSessionTask>(
        _ handlers: TaskHandlers, _ responseSerializer: (any ResponseSerializer)?, declaredBodyLength: Int64? = nil,
        _ create: (URLSession) -> Task
    ) throws(SessionManagerError) -> Task {
        let (task, session) = try withValidSession(create)
        task.taskDescription = taskDescriptionForSessionTasks
        trace.record(.taskCreation, task: task.taskIdentifier, on: TracePlace.current, TraceDetail.creation(of: task))
        let delegate = TaskDelegate(
            task: task, uploadProgress: handlers.uploadProgress, downloadProgress: handlers.downloadProgress,
            destination: handlers.destination, notificationCenter: notificationCenter, tracer: tracer,
            declaredBodyLength: declaredBodyLength, owner: self, completionHandler: handlers.completion)
        let row = TaskTable.Row(
            delegate: delegate, session: ObjectIdentifier(session), responseSerializer: responseSerializer)
        taskTable.insert(row, for: task)
        trace.record(
            .taskTableInsert, task: task.taskIdentifier, on: TracePlace.current, "\(self.taskTable.count) in the table")
        return task
    }
    // end-listing

    // listing: session-add-task-request
    /// A task made from a request: the request made safe for Linux, and the length it declared for
    /// its body kept for the upload's progress, read before that repair takes a streamed body's
    /// `Content-Length` off (the one place a streamed upload's total comes from).
    func addTask<Task: URLSessionTask>(
        with request: URLRequest, _ handlers: TaskHandlers, _ responseSerializer: (any ResponseSerializer)?,
        _ create: (URLSession, URLRequest) -> Task
    ) throws(SessionManagerError) -> Task {
        let safe = LinuxWorkarounds.request(request)
        return try addTask(
            handlers, responseSerializer, declaredBodyLength: ProgressBookkeeping.declaredLength(of: request)
        ) { create($0, safe) }
    }
    // end-listing

    /// An upload task that sends `bodyData` as the request's body. (`responseSerializer`, here and
    /// in every task maker: this task's own, as for `dataTask`.)
    public func uploadTask(
        with request: URLRequest, from bodyData: Data, progress: ProgressHandler? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        let handlers = TaskHandlers(uploadProgress: progress, completion: completionHandler)
        return try addTask(with: request, handlers, responseSerializer) { $0.uploadTask(with: $1, from: bodyData) }
    }

    /// An upload task that sends the file at `fileURL` as the request's body.
    public func uploadTask(
        with request: URLRequest, fromFile fileURL: URL, progress: ProgressHandler? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        let handlers = TaskHandlers(uploadProgress: progress, completion: completionHandler)
        return try addTask(with: request, handlers, responseSerializer) { $0.uploadTask(with: $1, fromFile: fileURL) }
    }

    /// An upload task that streams the request's `httpBodyStream` (chapter 4's multipart body).
    /// URLSession asks for the stream through `urlSession(_:task:needNewBodyStream:)`. Its progress
    /// reports against the request's `Content-Length` when it has one, on Linux too, where the
    /// stream goes out chunked and URLSession reports a total of 0.
    public func uploadTask(
        withStreamedRequest request: URLRequest, progress: ProgressHandler? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        let handlers = TaskHandlers(uploadProgress: progress, completion: completionHandler)
        return try addTask(with: request, handlers, responseSerializer) { $0.uploadTask(withStreamedRequest: $1) }
    }

    /// A download task. When it finishes, the file goes where `destination` says, unless the
    /// manager's `downloadTaskDidFinishDownloading` hook names another place (the callback decides,
    /// once the file is there); with neither, the temporary file is deleted. The completion
    /// handler's object is the file's URL.
    public func downloadTask(
        with request: URLRequest, progress: ProgressHandler? = nil, destination: Destination? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionDownloadTask {
        let handlers = TaskHandlers(downloadProgress: progress, destination: destination, completion: completionHandler)
        return try addTask(with: request, handlers, responseSerializer) { $0.downloadTask(with: $1) }
    }

    // listing: download-task-resume-data
    /// A download task that carries on from where a cancelled download stopped (AFNetworking's
    /// `downloadTaskWithResumeData:…`), from what the cancelled download's error carries
    /// (`userInfo["NSURLSessionDownloadTaskResumeData"]`) or `cancel(byProducingResumeData:)` hands
    /// over. On Linux it throws `resumeDataUnsupported`: URLSession there cannot resume a download.
    public func downloadTask(
        withResumeData resumeData: Data, progress: ProgressHandler? = nil, destination: Destination? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionDownloadTask {
        guard !LinuxWorkarounds.isActive else { throw .resumeDataUnsupported }
        let handlers = TaskHandlers(downloadProgress: progress, destination: destination, completion: completionHandler)
        return try addTask(handlers, responseSerializer) { $0.downloadTask(withResumeData: resumeData) }
    }
    // end-listing
}
