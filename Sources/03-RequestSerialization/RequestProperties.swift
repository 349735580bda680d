import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: request-properties-when-set
extension HTTPRequestSerializer {
    /// Writes onto `request` the request properties that were set on this serializer, and only
    /// those: AFNetworking's Key-Value Observing of its own properties, done with optionals. Setting
    /// a property back to nil un-sets it, as AFNetworking's `NSNull` branch does. Writing a default
    /// is not leaving it alone: a request's own `timeoutInterval`, even 60 s, overrides the session's.
    public func applyRequestProperties(to request: inout URLRequest) {
        if let allowsCellularAccess { request.allowsCellularAccess = allowsCellularAccess }
        if let cachePolicy { request.cachePolicy = cachePolicy }
        if let httpShouldHandleCookies { request.httpShouldHandleCookies = httpShouldHandleCookies }
        if let httpShouldUsePipelining { Pipelining.set(httpShouldUsePipelining, on: &request) }
        if let networkServiceType { request.networkServiceType = networkServiceType }
        if let timeoutInterval { request.timeoutInterval = timeoutInterval }
    }
}
// end-listing

/// `URLRequest.httpShouldUsePipelining` is deprecated in Apple's SDKs and in FoundationNetworking:
/// HTTP/1.1 pipelining breaks on real servers and proxies, and libcurl removed it in version 7.65,
/// so on Linux the property changes nothing. AFNetworking still copies it, and so does this course,
/// without a warning: Swift reports the use of a deprecated API inside a deprecated function only
/// where that function is called directly, not through a protocol it implements.
private protocol PipeliningSetter {
    func set(_ value: Bool, on request: inout URLRequest)
}

private struct Pipelining: PipeliningSetter {
    @available(*, deprecated, message: "HTTP/1.1 pipelining is deprecated; kept because AFNetworking copies it")
    func set(_ value: Bool, on request: inout URLRequest) {
        request.httpShouldUsePipelining = value
    }

    static func set(_ value: Bool, on request: inout URLRequest) {
        (Pipelining() as any PipeliningSetter).set(value, on: &request)
    }
}
