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
        let request = LinuxWorkarounds.request(request)
        let (task, session) = try withValidSession { $0.dataTask(with: request) }
        adopt(task, session, TaskDelegate(
            task: task, uploadProgress: uploadProgress, downloadProgress: downloadProgress,
            notificationCenter: notificationCenter, tracer: tracer, completionHandler: completionHandler),
            responseSerializer: responseSerializer)
        return task
    }

    /// Gives a new task the manager's description and its row in the table: from here on, every
    /// event of the task reaches its delegate.
    func adopt(
        _ task: URLSessionTask, _ session: URLSession, _ delegate: TaskDelegate,
        responseSerializer: (any ResponseSerializer)? = nil, hasDestination: Bool = false
    ) {
        task.taskDescription = taskDescriptionForSessionTasks
        trace.record(.taskCreation, task: task.taskIdentifier, on: TracePlace.current, TraceDetail.creation(of: task))
        let notes = TaskNotes(session: ObjectIdentifier(session), hasDestination: hasDestination)
        taskTable.insert(TaskTable.Row(delegate: delegate, responseSerializer: responseSerializer, notes: notes))
        trace.record(.taskTableInsert, task: task.taskIdentifier, on: TracePlace.current, "\(self.taskTable.count) in the table")
    }
    // end-listing

    /// An upload task that sends `bodyData` as the request's body.
    public func uploadTask(
        with request: URLRequest, from bodyData: Data, progress: ProgressHandler? = nil,
        completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        let request = LinuxWorkarounds.request(request)
        let (task, session) = try withValidSession { $0.uploadTask(with: request, from: bodyData) }
        adoptUpload(task, session, progress, completionHandler)
        return task
    }

    /// An upload task that sends the file at `fileURL` as the request's body.
    public func uploadTask(
        with request: URLRequest, fromFile fileURL: URL, progress: ProgressHandler? = nil,
        completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        let request = LinuxWorkarounds.request(request)
        let (task, session) = try withValidSession { $0.uploadTask(with: request, fromFile: fileURL) }
        adoptUpload(task, session, progress, completionHandler)
        return task
    }

    /// An upload task that streams the request's `httpBodyStream` (chapter 4's multipart body).
    /// URLSession asks for the stream through `urlSession(_:task:needNewBodyStream:)`.
    public func uploadTask(
        withStreamedRequest request: URLRequest, progress: ProgressHandler? = nil,
        completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionUploadTask {
        let request = LinuxWorkarounds.request(request)
        let (task, session) = try withValidSession { $0.uploadTask(withStreamedRequest: request) }
        adoptUpload(task, session, progress, completionHandler)
        return task
    }

    private func adoptUpload(_ task: URLSessionUploadTask, _ session: URLSession, _ progress: ProgressHandler?, _ completionHandler: CompletionHandler?) {
        adopt(task, session, TaskDelegate(
            task: task, uploadProgress: progress, notificationCenter: notificationCenter, tracer: tracer,
            completionHandler: completionHandler))
    }

    // listing: download-task
    /// A download task. When it finishes, the file goes where `destination` says, unless the
    /// manager's `downloadTaskDidFinishDownloading` hook names another place; with neither, the
    /// temporary file is deleted. The completion handler's object is the file's URL.
    public func downloadTask(
        with request: URLRequest, progress: ProgressHandler? = nil, destination: Destination? = nil,
        completionHandler: CompletionHandler? = nil
    ) throws(SessionManagerError) -> URLSessionDownloadTask {
        let request = LinuxWorkarounds.request(request)
        let (task, session) = try withValidSession { $0.downloadTask(with: request) }
        // The delegate asks this closure where to move the file: the hook's answer, saved by
        // `urlSession(_:downloadTask:didFinishDownloadingTo:)`, wins over the caller's closure.
        let resolved: Destination = { [weak self, weak task] temporaryURL, response in
            let override = task.flatMap { self?.notes(for: $0)?.destinationOverride }
            return override ?? destination?(temporaryURL, response) ?? temporaryURL
        }
        adopt(task, session, TaskDelegate(
            task: task, downloadProgress: progress, destination: resolved, notificationCenter: notificationCenter,
            tracer: tracer, completionHandler: completionHandler), hasDestination: destination != nil)
        return task
    }
    // end-listing
}
