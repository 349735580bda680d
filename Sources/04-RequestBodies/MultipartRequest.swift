import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import QueryStrings
import RequestSerialization

// listing: multipart-request
extension RequestSerializer {
    /// A request whose body is `form`, streamed, with the parameters as text parts before the
    /// form's own parts (AFNetworking's `multipartFormRequestWithMethod:URLString:parameters:
    /// constructingBodyWithBlock:error:`). The form is built first, as a value, instead of in a
    /// block: it can then be inspected, reused and sent twice.
    ///
    /// Parameters are flattened as for a query (`user[name]`) and sent as UTF-8 text; a value
    /// with no value (`NSNull`) is an empty part. Bytes belong in `appendPart(withFormData:name:)`.
    public func multipartFormRequest(
        method: String = "POST", urlString: String, parameters: [String: Any]? = nil,
        form: MultipartFormData, framing: StreamedBodyFraming = .platformDefault
    ) throws(RequestSerializationError) -> URLRequest {
        guard !["GET", "HEAD"].contains(method.uppercased()) else { throw .methodDoesNotAllowBody(method) }
        // AFNetworking starts from this serializer's request without parameters; the HTTP
        // serializer's is an empty form (`application/x-www-form-urlencoded`), kept if the form is.
        let request = try self.request(method: method, urlString: urlString, parameters: nil)
        let parameterParts = queryStringPairs(from: parameters ?? [:]).map { pair in
            MultipartPart.field(name: pair.field, data: Data((pair.value ?? "").utf8))
        }
        return form.prepending(parameterParts).request(byFinalizing: request, framing: framing)
    }
}
// end-listing

// listing: finalizing-multipart
extension MultipartFormData {
    /// `request` with this form as its streamed body, its `Content-Type` with the boundary, and the
    /// framing headers (AFNetworking's `requestByFinalizingMultipartFormData`). An empty form
    /// leaves the request as it is, body and `Content-Type` included.
    public func request(byFinalizing request: URLRequest, framing: StreamedBodyFraming = .platformDefault) -> URLRequest
    {
        guard !isEmpty else { return request }
        var request = request
        request.httpBodyStream = makeBodyStream()
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        switch framing {
        case .contentLength:
            request.setValue(String(contentLength), forHTTPHeaderField: "Content-Length")
        case .chunked:
            request.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return request
    }
}
// end-listing
