import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import SessionManager
import TaskDelegates

extension HTTPSessionManager {
    // listing: async-download
    /// Downloads `urlString` (a GET, built as the verbs build it) into the file `destination`, and returns the
    /// file's URL with the response. A file already there stays, and the call throws `fileNotMoved`, unless
    /// `replacingExistingFile` removes it first, just before the move. A status outside 200–299 throws
    /// chapter 5's error (the body is in the file, as in AFNetworking).
    public func download(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil, to destination: URL,
        replacingExistingFile: Bool = false, progress: ProgressContinuation? = nil
    ) async throws -> HTTPResponse<URL> {
        defer { progress?.finish() }
        let request = try request(method: "GET", urlString: urlString, parameters: parameters, headers: headers)
        let place: Destination = { _, _ in
            if replacingExistingFile { try? FileManager.default.removeItem(at: destination) }
            return destination
        }
        var delegate: TaskDelegate?
        let result = try await perform { handler in
            let task = try downloadTask(
                with: request, progress: progress?.progressHandler, destination: place,
                responseSerializer: HTTPResponseSerializer(), completionHandler: handler)
            delegate = taskTable.delegate(for: task)
            return task
        }
        // The completion handler got the URL and no error even if the move failed (AFNetworking's
        // contract); the task's delegate knows.
        let file = delegate?.downloadFileURL ?? destination
        if let error = delegate?.downloadMoveError {
            throw HTTPSessionManagerError.fileNotMoved(to: file, result.response, error)
        }
        return HTTPResponse(object: file, response: result.response)
    }
    // end-listing
}
