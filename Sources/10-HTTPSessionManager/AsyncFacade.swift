import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import SessionManager

// listing: http-response
/// What an `async` call returns: the parsed response object and the HTTP response it came from
/// (the closure verbs hand over the task instead, whose `response` holds the same).
public struct HTTPResponse<Object> {
    public var object: Object
    public var response: HTTPURLResponse

    public init(object: Object, response: HTTPURLResponse) {
        self.object = object
        self.response = response
    }
}

extension HTTPResponse: Sendable where Object: Sendable {}
// end-listing

extension HTTPSessionManager {
    // listing: async-get-post
    /// A GET through the manager's own response serializer (JSON by default): the `async`
    /// counterpart of `get(_:…success:failure:)`, for a caller that wants AFNetworking's object.
    public func get(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        progress: ProgressContinuation? = nil
    ) async throws -> HTTPResponse<Any?> {
        try await send(
            "GET", urlString, parameters: parameters, headers: headers, serializer: nil, uploadProgress: nil,
            downloadProgress: progress
        ).typed(as: Any.self)
    }

    /// A POST through the manager's own response serializer; `progress` reports the upload.
    public func post(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        progress: ProgressContinuation? = nil
    ) async throws -> HTTPResponse<Any?> {
        try await send(
            "POST", urlString, parameters: parameters, headers: headers, serializer: nil, uploadProgress: progress,
            downloadProgress: nil
        ).typed(as: Any.self)
    }
    // end-listing

    // listing: async-response
    /// Sends one request and returns what `serializer` made of the response, for any method. The
    /// object is nil when there was nothing to parse (a 204, a HEAD). Throws the request's
    /// serialization error before anything is sent, the network's error, or the serializer's
    /// (which carries the response and its body); `CancellationError` when the caller's Swift task
    /// is cancelled (step 6).
    public func response<Serializer: ResponseSerializer>(
        _ method: String, _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        serializer: Serializer, uploadProgress: ProgressContinuation? = nil,
        downloadProgress: ProgressContinuation? = nil
    ) async throws -> HTTPResponse<Serializer.Object?> {
        try await send(
            method, urlString, parameters: parameters, headers: headers, serializer: serializer,
            uploadProgress: uploadProgress, downloadProgress: downloadProgress
        ).typed(as: Serializer.Object.self)
    }
    // end-listing

    // listing: async-send
    /// Builds the request as the verbs do, performs it with `serializer` (nil: the manager's),
    /// and finishes the progress streams however the call ends.
    private func send(
        _ method: String, _ urlString: String, parameters: Any?, headers: [String: String]?,
        serializer: (any ResponseSerializer)?, uploadProgress: ProgressContinuation?,
        downloadProgress: ProgressContinuation?
    ) async throws -> Handoff.Response {
        defer {
            uploadProgress?.finish()
            downloadProgress?.finish()
        }
        let request = try request(method: method, urlString: urlString, parameters: parameters, headers: headers)
        return try await perform { handler in
            try dataTask(
                with: request, uploadProgress: uploadProgress?.progressHandler,
                downloadProgress: downloadProgress?.progressHandler,
                responseSerializer: serializer, completionHandler: handler)
        }
    }
    // end-listing

    // listing: async-decoded
    /// Sends one request and decodes the JSON response into `type` with chapter 6's
    /// `DecodableResponseSerializer`: `try await manager.decoded(User.self, "users/1")`. A
    /// response with nothing to decode throws `noContent`.
    public func decoded<Value: Decodable>(
        _ type: Value.Type, _ urlString: String, method: String = "GET", parameters: Any? = nil,
        headers: [String: String]? = nil, decoder: JSONDecoder = JSONDecoder(),
        uploadProgress: ProgressContinuation? = nil, downloadProgress: ProgressContinuation? = nil
    ) async throws -> HTTPResponse<Value> {
        let result = try await response(
            method, urlString, parameters: parameters, headers: headers,
            serializer: DecodableResponseSerializer(type, decoder: decoder),
            uploadProgress: uploadProgress, downloadProgress: downloadProgress)
        guard let value = result.object else { throw HTTPSessionManagerError.noContent(result.response) }
        return HTTPResponse(object: value, response: result.response)
    }
    // end-listing
}
