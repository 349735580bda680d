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

    // listing: data-task
    /// A data task for `request`, not yet resumed: resume it with `resume(_:)`. With a
    /// `responseSerializer`, this task alone completes with it (an addition: AFNetworking has one
    /// serializer per manager); without, with the manager's, read when the task completes.
    public func dataTask(
        with request: URLRequest, uploadProgress: ProgressHandler? = nil, downloadProgress: ProgressHandler? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionDataTask {
        try makeTask(request, responseSerializer: responseSerializer, { $0.dataTask(with: $1) }) { task in
            TaskDelegate(
                task: task, uploadProgress: uploadProgress, downloadProgress: downloadProgress,
                notificationCenter: notificationCenter, tracer: tracer, completionHandler: completionHandler)
        }
    }
    // end-listing

    // listing: session-make-task
    /// Every kind of task is made the same way: the request made safe for Linux, the task made by
    /// a session that is still valid, the manager's description, and the task's row in the table,
    /// its delegate beside the manager's record. From here on, every event reaches the delegate.
    func makeTask<Task: URLSessionTask>(
        _ request: URLRequest, responseSerializer: (any ResponseSerializer)? = nil,
        _ create: (URLSession, URLRequest) -> Task, delegate: (Task) -> TaskDelegate
    ) throws(SessionManagerError) -> Task {
        let request = LinuxWorkarounds.request(request)
        let (task, session) = try withValidSession { create($0, request) }
        task.taskDescription = taskDescriptionForSessionTasks
        trace.record(.taskCreation, task: task.taskIdentifier, on: TracePlace.current, TraceDetail.creation(of: task))
        let record = TaskRecord(session: ObjectIdentifier(session), responseSerializer: responseSerializer)
        taskTable.insert(TaskTable.Row(delegate: delegate(task), record: record))
        trace.record(
            .taskTableInsert, task: task.taskIdentifier, on: TracePlace.current, "\(self.taskTable.count) in the table")
        return task
    }
    // end-listing

    /// An upload task that sends `bodyData` as the request's body. (`responseSerializer`, here and
    /// in every task maker: this task's own, as for `dataTask`.)
    public func uploadTask(
        with request: URLRequest, from bodyData: Data, progress: ProgressHandler? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        try uploadTask(request, .data(bodyData), progress, responseSerializer, completionHandler)
    }

    /// An upload task that sends the file at `fileURL` as the request's body.
    public func uploadTask(
        with request: URLRequest, fromFile fileURL: URL, progress: ProgressHandler? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        try uploadTask(request, .file(fileURL), progress, responseSerializer, completionHandler)
    }

    /// An upload task that streams the request's `httpBodyStream` (chapter 4's multipart body).
    /// URLSession asks for the stream through `urlSession(_:task:needNewBodyStream:)`.
    public func uploadTask(
        withStreamedRequest request: URLRequest, progress: ProgressHandler? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        try uploadTask(request, .stream, progress, responseSerializer, completionHandler)
    }

    /// Where an upload's body comes from.
    private enum UploadBody {
        case data(Data)
        case file(URL)
        case stream
    }

    /// The one maker behind AFNetworking's three upload methods.
    private func uploadTask(
        _ request: URLRequest, _ body: UploadBody, _ progress: ProgressHandler?,
        _ responseSerializer: (any ResponseSerializer)?,
        _ completionHandler: CompletionHandler?
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        try makeTask(
            request, responseSerializer: responseSerializer,
            { session, request in
                switch body {
                case .data(let data): session.uploadTask(with: request, from: data)
                case .file(let fileURL): session.uploadTask(with: request, fromFile: fileURL)
                case .stream: session.uploadTask(withStreamedRequest: request)
                }
            }
        ) { task in
            TaskDelegate(
                task: task, uploadProgress: progress, notificationCenter: notificationCenter, tracer: tracer,
                completionHandler: completionHandler)
        }
    }

    // listing: download-task
    /// A download task. When it finishes, the file goes where `destination` says, unless the
    /// manager's `downloadTaskDidFinishDownloading` hook names another place (the callback decides,
    /// once the file is there); with neither, the temporary file is deleted. The completion
    /// handler's object is the file's URL.
    public func downloadTask(
        with request: URLRequest, progress: ProgressHandler? = nil, destination: Destination? = nil,
        responseSerializer: (any ResponseSerializer)? = nil, completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionDownloadTask {
        try makeTask(request, responseSerializer: responseSerializer, { $0.downloadTask(with: $1) }) { task in
            TaskDelegate(
                task: task, downloadProgress: progress, destination: destination,
                notificationCenter: notificationCenter,
                tracer: tracer, completionHandler: completionHandler)
        }
    }
    // end-listing
}
