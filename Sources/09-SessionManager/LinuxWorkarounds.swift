import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The places where FoundationNetworking (URLSession on Linux, Swift 6.3.1) differs from Darwin in
/// a way the manager must repair. Each is listed, with the test that shows it, in
/// chapters/linux-urlsession.md.
/// On Darwin every function here leaves things as they are.
enum LinuxWorkarounds {
    /// True where URLSession is FoundationNetworking.
    static var isActive: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }

    /// The session's configuration: the caller's, except that on Linux it has no URL cache.
    ///
    /// With a cache, a data task's protocol object is created only after an asynchronous cache
    /// lookup. A `cancel()` that arrives during the lookup queues its "cancelled" report behind
    /// the "start loading" step. If starting fails at once (a refused connection), the task
    /// completes and leaves the session's registry before the queued report runs, and the report
    /// then stops the process: "Trying to access a behaviour for a task that in not in the
    /// registry" (TaskRegistry.swift:118). Without a cache, there is no lookup and no window.
    static func configuration(from configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        guard isActive, configuration.urlCache != nil,
            let copy = configuration.copy() as? URLSessionConfiguration
        else { return configuration }
        copy.urlCache = nil
        return copy
    }

    /// A new `URLRequest`'s timeout (60 s).
    static let defaultTimeout = URLRequest(url: URL(fileURLWithPath: "/")).timeoutInterval

    /// A request made safe for FoundationNetworking:
    /// - A timeout given to `URLRequest(url:cachePolicy:timeoutInterval:)` is ignored (only one
    ///   assigned to the property counts; otherwise the configuration's 60 s applies), so it is
    ///   assigned again.
    /// - A body stream goes without `Content-Length`: libcurl sends the stream chunked and would
    ///   add `Transfer-Encoding: chunked` next to it, which is invalid HTTP.
    static func request(_ request: URLRequest) -> URLRequest {
        guard isActive else { return request }
        var request = request
        if request.timeoutInterval != defaultTimeout {
            request.timeoutInterval = request.timeoutInterval
        }
        if request.httpBodyStream != nil {
            request.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return request
    }

    /// The request to follow a redirect with, or nil to stop at the redirect. A 307 or 308 must
    /// repeat the request with its body (RFC 9110 §15.4.8–9); FoundationNetworking repeats the
    /// method but sends no body, and says nothing. So on Linux a task with a body stops at such a
    /// redirect: it completes with the 307 or 308 itself, whose `Location` the caller may send the
    /// request to again, instead of succeeding with what the server made of an empty body.
    static func redirect(_ request: URLRequest?, after response: HTTPURLResponse, of task: URLSessionTask)
        -> URLRequest?
    {
        guard isActive, [307, 308].contains(response.statusCode) else { return request }
        let original = task.originalRequest
        let hasBody =
            task is URLSessionUploadTask || original?.httpBody?.isEmpty == false || original?.httpBodyStream != nil
        return hasBody ? nil : request
    }
}

extension URLSessionManager {
    /// The configuration the session is created from (the caller's, adjusted on Linux).
    static func sessionConfiguration(from configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        LinuxWorkarounds.configuration(from: configuration)
    }

    /// Linux ignores `timeoutIntervalForResource`, so the manager keeps the limit itself: after
    /// that many seconds from a resume out of `.suspended`, a task still running is cancelled and
    /// completes with `URLError.timedOut`, as on Darwin. (The default, 7 days, sets no timer.) A
    /// task resumed again after a suspension gets a second timer, which fires later: the first one
    /// that finds the task running decides, and the rest find it cancelled or completed.
    func startResourceTimer(for task: URLSessionTask) {
        let limit = sessionConfiguration.timeoutIntervalForResource
        guard LinuxWorkarounds.isActive, limit > 0, limit < 7 * 24 * 3600 else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [weak self, weak task] in
            guard let self, let task else { return }
            cancelItself(task, because: .resourceTimedOut)
        }
    }
}
