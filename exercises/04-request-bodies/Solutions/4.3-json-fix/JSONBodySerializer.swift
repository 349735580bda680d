import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization

/// A JSON request serializer that keeps the three rules of chapter 4's `JSONRequestSerializer`.
public struct JSONBodySerializer: RequestSerializer {
    public var http = HTTPRequestSerializer(languages: ["en"], userAgent: nil)

    public init() {}

    public func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError) -> URLRequest {
        // Rule 1: GET, HEAD and DELETE carry their parameters in the URL. A body on a GET is ignored
        // by most servers and refused by FoundationNetworking, so the HTTP serializer handles them.
        if http.encodesParametersInURI(request) {
            return try http.request(bySerializing: request, parameters: parameters)
        }
        var serialized = http.addingDefaultHeaders(to: request)
        // Rule 2: no parameters, no body; and a Content-Type that announces no body would be a lie.
        guard let parameters else { return serialized }
        guard JSONSerialization.isValidJSONObject(parameters) else {
            throw .invalidParameters(reason: "The `parameters` argument is not valid JSON.")
        }
        do {
            serialized.httpBody = try JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys])
        } catch {
            throw .bodyEncodingFailed(error)
        }
        // Rule 3: the caller's Content-Type wins (`application/vnd.api+json`, `application/merge-patch+json`…).
        if serialized.value(forHTTPHeaderField: "Content-Type") == nil {
            serialized.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return serialized
    }
}
