import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: request-serializer-protocol
/// Anything that can turn a method, a URL and parameters into a `URLRequest`: AFNetworking's
/// `AFURLRequestSerialization` protocol. `HTTPRequestSerializer` (this chapter) writes parameters as
/// a query string or a form body; chapter 4 adds JSON and property-list bodies.
///
/// Parameters are `Any?`, as AFNetworking's are `id`: a dictionary for a query or a form, but a JSON
/// body may also be an array. Every serializer fails with the same error type, so a caller can
/// handle any serializer's failure with one `catch`.
public protocol RequestSerializer: Sendable {
    /// The HTTP serializer that holds the default headers, the request properties and the methods
    /// that carry their parameters in the URL. For `HTTPRequestSerializer`, itself.
    var http: HTTPRequestSerializer { get }

    /// `request` with the default headers it does not set itself, and with `parameters` encoded
    /// (AFNetworking's `requestBySerializingRequest:withParameters:error:`).
    func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError) -> URLRequest
}

extension RequestSerializer {
    /// A new request for `method` and `urlString`, with the request properties that were set and
    /// with `parameters` encoded (AFNetworking's `requestWithMethod:URLString:parameters:error:`).
    public func request(method: String, urlString: String, parameters: Any? = nil) throws(RequestSerializationError)
        -> URLRequest
    {
        try request(bySerializing: http.plainRequest(method: method, urlString: urlString), parameters: parameters)
    }
}
// end-listing
