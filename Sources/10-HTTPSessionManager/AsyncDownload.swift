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
    /// chapter 5's error, with the server's explanation as its `data`, and leaves `destination` as it was.
    public func download(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil, to destination: URL,
        replacingExistingFile: Bool = false, progress: ProgressContinuation? = nil
    ) async throws -> HTTPResponse<URL> {
        defer { progress?.finish() }
        let request = try request(method: "GET", urlString: urlString, parameters: parameters, headers: headers)
        let place = DownloadPlace(file: destination, replacingExistingFile: replacingExistingFile)
        var delegate: TaskDelegate?
        let result = try await place.explainingRefusal {
            try await perform { handler in
                let task = try downloadTask(
                    with: request, progress: progress?.progressHandler, destination: place.destination,
                    responseSerializer: place.serializer, completionHandler: handler)
                delegate = taskTable.delegate(for: task)
                return task
            }
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

// listing: download-place
/// Where an awaited download's file goes. Chapter 8 asks once the response is known, before the
/// serializer has looked at it: a status the serializer will refuse sends the body to a file of
/// its own, so that an error page never takes the place of the file the caller already had.
struct DownloadPlace: Sendable {
    let file: URL
    let replacingExistingFile: Bool
    let serializer = HTTPResponseSerializer()
    let refused = FileManager.default.temporaryDirectory.appendingPathComponent("afn-refused-\(UUID().uuidString)")

    var destination: URLSessionManager.Destination {
        { [self] _, response in
            guard serializer.validate(response, data: nil).isValid else { return refused }
            if replacingExistingFile { try? FileManager.default.removeItem(at: file) }
            return file
        }
    }
}
// end-listing

// listing: download-place-refusal
extension DownloadPlace {
    /// Runs the download; when the serializer refuses its status, the error gets the body as its
    /// `data`, as the error of every other call of this chapter has it.
    func explainingRefusal<Result>(_ download: () async throws -> Result) async throws -> Result {
        do {
            return try await download()
        } catch var refused as ResponseSerializationError {
            refused.data = takeRefusedBody()
            throw refused
        }
    }

    /// The refused response's body, read back for its error (up to the serializer's limit for a body
    /// in memory: an error page explains, it is not the download), and its file removed.
    private func takeRefusedBody() -> Data? {
        defer { try? FileManager.default.removeItem(at: refused) }
        guard let handle = try? FileHandle(forReadingFrom: refused) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: serializer.maximumBodySize ?? Int.max)
    }
}
// end-listing
