import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization
import Tracing

extension HTTPSessionManager {
    // listing: building-a-request
    /// The request a verb sends: the URL resolved, the parameters serialized (in the query for
    /// GET, HEAD and DELETE, in the body otherwise: the serializer decides), then the headers of
    /// this one request set on top. They come last so that they win over everything the
    /// serializer wrote, its default headers and its `Content-Type` included.
    public func request(
        method: String, urlString: String, parameters: Any? = nil, headers: [String: String]? = nil
    ) throws(RequestSerializationError) -> URLRequest {
        let url = try resolvedURLString(urlString)
        trace.record(.baseURLResolution, on: TracePlace.current, "\"\(urlString)\" → \(url)")
        var request = try requestSerializer.request(method: method, urlString: url, parameters: parameters)
        traceSerialized(request)
        request.setHeaders(headers)
        return request
    }
    // end-listing

    // listing: building-a-multipart-request
    /// A multipart POST: `body` fills chapter 4's form (AFNetworking's
    /// `constructingBodyWithBlock:`), the parameters become text parts before the form's own,
    /// and the per-request headers go on last. Whatever `body` throws (a file that cannot be
    /// read, say) stops the request before anything is sent.
    public func multipartRequest(
        urlString: String, parameters: [String: Any]? = nil, headers: [String: String]? = nil,
        constructingBodyWith body: ((inout MultipartFormData) throws -> Void)? = nil
    ) throws -> URLRequest {
        var form = MultipartFormData()
        try body?(&form)
        let url = try resolvedURLString(urlString)
        // The length goes in the request, as AFNetworking sends it; on Linux chapter 9 takes it out
        // again when it makes the task (libcurl would send it next to `Transfer-Encoding: chunked`).
        var request = try requestSerializer.multipartFormRequest(
            method: "POST", urlString: url, parameters: parameters, form: form, framing: .contentLength)
        request.setHeaders(headers)
        return request
    }
    // end-listing
}

extension URLRequest {
    /// Sets each header, replacing any value the request already had under that name (in any case).
    mutating func setHeaders(_ headers: [String: String]?) {
        for (field, value) in headers ?? [:] {
            setValue(value, forHTTPHeaderField: field)
        }
    }
}

extension HTTPSessionManager {
    /// Chapter 1's trace of what the request serializer made: the query string (in the URL, or as
    /// the form body) and the request's method and headers.
    func traceSerialized(_ request: URLRequest) {
        guard trace.tracer != nil else { return }
        let place = TracePlace.current
        if let query = request.url?.query, !query.isEmpty {
            trace.record(.queryString, on: place, "in the URL: \(query)")
        } else if let body = request.httpBody, !body.isEmpty, let form = String(data: body, encoding: .utf8),
            request.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true
        {
            trace.record(.queryString, on: place, "in the body: \(form)")
        }
        let headers = (request.allHTTPHeaderFields ?? [:]).keys.sorted().joined(separator: ", ")
        let body = request.httpBody.map { ", body \($0.count) bytes" } ?? ""
        trace.record(.requestSerialization, on: place, "\(request.httpMethod ?? "GET")\(body), headers: \(headers)")
    }
}
