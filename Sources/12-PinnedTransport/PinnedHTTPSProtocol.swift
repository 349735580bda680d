import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import SecurityPolicy

// listing: pinned-https-protocol
/// A `URLProtocol` that performs HTTPS itself, over SwiftNIO, under the policy of the manager
/// whose session runs the task. In a session's configuration (`withPinnedHTTPS()`) it takes every
/// https request; a refusal fails the task with -1202, which reaches the manager's completion
/// path as any URLSession error does.
public final class PinnedHTTPSProtocol: URLProtocol {
    override public class func canInit(with request: URLRequest) -> Bool {
        request.url?.scheme?.lowercased() == "https"
    }
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    private let exchange = Protected<Exchange?>(nil)
    /// Set by `stopLoading`: URLSession is done with the task, and nothing more may be reported.
    let isStopped = Protected(false)
    // end-listing

    // listing: pinned-https-loading
    /// Finds the policy (or refuses), then hands the request to a client configured as the
    /// session would configure its own requests.
    override public func startLoading() {
        guard let queue = ClientQueue(of: task) else {
            // Called from here, on the queue `startLoading` runs on, the client is safe.
            client?.urlProtocol(self, didFailWithError: ClientQueue.notFound(request.url).urlError)
            return
        }
        let report = Reporter(owner: self, queue: queue)
        let found: FoundPolicy
        switch PolicyLookup.policy(for: task, url: request.url) {
        case .success(let policy): found = policy
        case .failure(let refusal): return report.fail(refusal)
        }
        if let refusal = Self.unsupported(task, request) { return report.fail(refusal) }
        let client = PinnedHTTPClient(found, for: request)
        let delivery = Delivery(report: report, manager: found.manager, task: task)
        let started = client.start(request, events: delivery.events)
        exchange.withLock { $0 = started }
    }

    override public func stopLoading() {
        isStopped.withLock { $0 = true }
        exchange.withLock { $0 }?.cancel()
    }
}
// end-listing

extension PinnedHTTPClient {
    // listing: client-from-session
    /// A client for one request, set up as URLSession sets up its own: the request's timeout,
    /// unless it is the default one, else the configuration's (FoundationNetworking keeps
    /// whether the request's was set in a flag of its own that nothing outside can read); the
    /// configuration's extra headers and cookie rules.
    init(_ found: FoundPolicy, for request: URLRequest) {
        self.init(trust: found.settings, policy: found.policy)
        let defaultTimeout = URLRequest(url: URL(fileURLWithPath: "/")).timeoutInterval
        timeout =
            request.timeoutInterval != defaultTimeout
            ? request.timeoutInterval : found.configuration.timeoutIntervalForRequest
        additionalHeaders = (found.configuration.httpAdditionalHeaders ?? [:]).reduce(into: [:]) { headers, field in
            if let name = field.key as? String { headers[name] = "\(field.value)" }
        }
        cookies = CookieJar(found.configuration)
    }
    // end-listing
}

extension PinnedHTTPSProtocol {
    /// What FoundationNetworking (Swift 6.3.1) cannot do with a `URLProtocol` of its own, refused
    /// with a reason rather than crashed or silently sent wrong:
    /// - a download task: when the protocol finishes, the client force-casts a temporary file URL
    ///   that only FoundationNetworking's own protocol sets, and the process stops;
    /// - an upload task's body given as data or a file: the task keeps it where no `URLProtocol`
    ///   can read it (`knownBody` is internal), so the request would go without its body.
    static func unsupported(_ task: URLSessionTask?, _ request: URLRequest) -> PinnedTransportError? {
        if task is URLSessionDownloadTask {
            return .failed(
                .unsupportedURL, url: request.url,
                detail: "a download task cannot go through a URLProtocol of its own on FoundationNetworking: "
                    + "make a data task and write the data to a file")
        }
        if task is URLSessionUploadTask, request.httpBody == nil, request.httpBodyStream == nil {
            return .failed(
                .unsupportedURL, url: request.url,
                detail: "an upload task's body is out of a URLProtocol's reach on FoundationNetworking: "
                    + "set it as the request's httpBody or httpBodyStream")
        }
        return nil
    }
}

extension URLSessionConfiguration {
    /// A copy of this configuration whose https requests go through `PinnedHTTPSProtocol`.
    public func withPinnedHTTPS() -> URLSessionConfiguration {
        let copy = (self.copy() as? URLSessionConfiguration) ?? self
        copy.protocolClasses =
            [PinnedHTTPSProtocol.self] + (protocolClasses ?? []).filter { $0 != PinnedHTTPSProtocol.self }
        return copy
    }

    /// Whether https requests of a session with this configuration go through the policy.
    var routesHTTPSThroughPolicy: Bool {
        (protocolClasses ?? []).first.map { $0 == PinnedHTTPSProtocol.self } ?? false
    }
}
