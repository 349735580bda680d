import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import ResponseValidation
import SessionManager
import TaskDelegates

extension HTTPSessionManager {
    // listing: async-multipart
    /// A multipart POST, awaited: the form built and streamed as by the closure verb, `progress`
    /// reporting the upload against the form's length, the response read with the manager's
    /// own serializer. Whatever `body` throws stops the call before anything is sent.
    public func post(
        _ urlString: String, parameters: [String: Any]? = nil, headers: [String: String]? = nil,
        progress: ProgressContinuation? = nil,
        constructingBodyWith body: ((inout MultipartFormData) throws -> Void)?
    ) async throws -> HTTPResponse<Any?> {
        try await sendForm(urlString, parameters, headers, nil, progress, body).typed(as: Any.self)
    }

    /// The same, read with this call's own serializer.
    public func post<Serializer: ResponseSerializer>(
        _ urlString: String, parameters: [String: Any]? = nil, headers: [String: String]? = nil, serializer: Serializer,
        progress: ProgressContinuation? = nil, constructingBodyWith body: ((inout MultipartFormData) throws -> Void)?
    ) async throws -> HTTPResponse<Serializer.Object?> {
        try await sendForm(urlString, parameters, headers, serializer, progress, body).typed(as: Serializer.Object.self)
    }
    // end-listing

    // listing: async-multipart-send
    private func sendForm(
        _ urlString: String, _ parameters: [String: Any]?, _ headers: [String: String]?,
        _ serializer: (any ResponseSerializer)?,
        _ progress: ProgressContinuation?, _ body: ((inout MultipartFormData) throws -> Void)?
    ) async throws -> Handoff.Response {
        defer { progress?.finish() }
        let request = try multipartRequest(
            urlString: urlString, parameters: parameters, headers: headers, constructingBodyWith: body)
        return try await perform { handler in
            try multipartTask(
                request, progress: progress?.progressHandler, responseSerializer: serializer, completionHandler: handler
            )
        }
    }
    // end-listing
}
