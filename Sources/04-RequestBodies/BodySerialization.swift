import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization

// listing: body-serialization
extension HTTPRequestSerializer {
    /// What every body serializer shares, written once (AFNetworking repeats it in each subclass):
    /// the methods that carry parameters in the URL (GET, HEAD, DELETE) keep doing so, exactly as
    /// the HTTP serializer does it; every other request gets the default headers and, only when
    /// there are parameters, a body from `encode` and a `Content-Type`, unless the request already
    /// names its own. A new body format is this function and an `encode` closure.
    public func request(
        bySerializing request: URLRequest, parameters: Any?, contentType: String,
        encode: (Any) throws(RequestSerializationError) -> Data
    ) throws(RequestSerializationError) -> URLRequest {
        if encodesParametersInURI(request) {
            return try self.request(bySerializing: request, parameters: parameters)
        }
        var serialized = addingDefaultHeaders(to: request)
        guard let parameters else { return serialized }  // no parameters: no body, no Content-Type
        let body = try encode(parameters)
        if serialized.value(forHTTPHeaderField: "Content-Type") == nil {
            serialized.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        serialized.httpBody = body
        return serialized
    }
}
// end-listing
