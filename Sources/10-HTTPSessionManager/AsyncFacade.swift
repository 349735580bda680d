import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import SessionManager

/// A parsed response object and the HTTP response it came from.
public struct HTTPResponse<Object> {
    public var object: Object
    public var response: HTTPURLResponse

    public init(object: Object, response: HTTPURLResponse) {
        self.object = object
        self.response = response
    }
}

extension HTTPResponse: Sendable where Object: Sendable {}

extension HTTPSessionManager {
    public typealias ProgressStream = AsyncStream<TransferProgress>.Continuation

    // listing: async-response
    /// Sends one request and returns what `serializer` made of the response: the async
    /// counterpart of the verbs, for any method. The object is nil when there was nothing to
    /// parse (a 204, a HEAD). Throws the request's serialization error before anything is sent,
    /// the network's error, or the serializer's (which carries the response and its body).
    ///
    /// Cancelling the calling Swift task cancels the `URLSessionTask`, and the call then throws
    /// `CancellationError`. Progress goes to the streams, which are finished when the call ends.
    public func response<Serializer: ResponseSerializer>(
        _ method: String, _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        serializer: Serializer, uploadProgress: ProgressStream? = nil, downloadProgress: ProgressStream? = nil
    ) async throws -> HTTPResponse<Serializer.Object?> {
        defer {
            uploadProgress?.finish()
            downloadProgress?.finish()
        }
        let request = try request(method: method, urlString: urlString, parameters: parameters, headers: headers)
        let outcome = try await perform(
            request, serializer: serializer, uploadProgress: uploadProgress?.progressHandler,
            downloadProgress: downloadProgress?.progressHandler)
        return try outcome.typed(as: Serializer.Object.self)
    }
    // end-listing

    // listing: async-decoded
    /// Sends one request and decodes the JSON response into `type` with chapter 6's
    /// `DecodableResponseSerializer`. A response with nothing to decode throws `noContent`.
    public func decoded<Value: Decodable>(
        _ type: Value.Type, _ method: String = "GET", _ urlString: String, parameters: Any? = nil,
        headers: [String: String]? = nil, decoder: JSONDecoder = JSONDecoder(),
        uploadProgress: ProgressStream? = nil, downloadProgress: ProgressStream? = nil
    ) async throws -> HTTPResponse<Value> {
        let result = try await response(
            method, urlString, parameters: parameters, headers: headers,
            serializer: DecodableResponseSerializer(type, decoder: decoder),
            uploadProgress: uploadProgress, downloadProgress: downloadProgress)
        guard let value = result.object else { throw HTTPSessionManagerError.noContent(result.response) }
        return HTTPResponse(object: value, response: result.response)
    }
    // end-listing

    /// A GET through the manager's own response serializer (JSON by default), for a caller that
    /// wants AFNetworking's untyped object.
    public func get(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil, progress: ProgressStream? = nil
    ) async throws -> HTTPResponse<Any?> {
        try await response("GET", urlString, parameters: parameters, headers: headers, serializer: ManagerSerializer(), downloadProgress: progress)
    }

    /// A POST through the manager's own response serializer.
    public func post(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil, progress: ProgressStream? = nil
    ) async throws -> HTTPResponse<Any?> {
        try await response("POST", urlString, parameters: parameters, headers: headers, serializer: ManagerSerializer(), uploadProgress: progress)
    }
}

/// Stands for "the manager's own serializer": a call that brings it registers no serializer of
/// its own, so its task completes with the manager's. Never asked to serialize anything itself.
struct ManagerSerializer: ResponseSerializer {
    func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
        SerializedResponse(object: nil, error: nil)
    }
}
