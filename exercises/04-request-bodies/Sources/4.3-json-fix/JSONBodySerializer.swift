import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization

/// A JSON request serializer written in a hurry. It sends JSON, but it breaks three of the rules
/// that chapter 4's `JSONRequestSerializer` keeps. Run `swift run workshop check 4.3`, read what the
/// answer tests report, and fix it.
public struct JSONBodySerializer: RequestSerializer {
    public var http = HTTPRequestSerializer(languages: ["en"], userAgent: nil)

    public init() {}

    public func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError) -> URLRequest {
        // TODO(4.3): keep the rules for GET, HEAD and DELETE, for missing parameters and for the caller's Content-Type.
        var serialized = http.addingDefaultHeaders(to: request)
        serialized.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let parameters {
            guard JSONSerialization.isValidJSONObject(parameters) else {
                throw .invalidParameters(reason: "The `parameters` argument is not valid JSON.")
            }
            do {
                serialized.httpBody = try JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys])
            } catch {
                throw .bodyEncodingFailed(error)
            }
        }
        return serialized
    }
}
