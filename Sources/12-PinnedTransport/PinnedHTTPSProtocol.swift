import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import SecurityPolicy

// listing: pinned-https-protocol
/// A `URLProtocol` that performs HTTPS itself, over SwiftNIO, and lets the policy of the task's
/// manager (found by the description the manager gives its tasks) decide the handshake. In a
/// session's configuration (`withPinnedHTTPS()`) it takes every https request; a refusal fails
/// the task with -1202, which reaches the manager's completion path as any URLSession error does.
public final class PinnedHTTPSProtocol: URLProtocol {
    override public class func canInit(with request: URLRequest) -> Bool {
        request.url?.scheme?.lowercased() == "https"
    }
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    private let exchange = Protected<PinnedHTTPClient.Exchange?>(nil)
    /// Set by `stopLoading`: URLSession is done with the task, and nothing more may be reported.
    fileprivate let isStopped = Protected(false)
    // end-listing

    // listing: pinned-https-loading
    override public func startLoading() {
        let trust = TrustRegistry.shared.settings(forTaskDescription: task?.taskDescription)
        let report = Reporter(owner: self)
        let started = PinnedHTTPClient(trust: trust).start(
            request,
            events: PinnedHTTPClient.Events(
                response: { response in
                    report { $0.urlProtocol($1, didReceive: response, cacheStoragePolicy: .notAllowed) }
                },
                body: { data in report { $0.urlProtocol($1, didLoad: data) } },
                finished: { error in
                    report { client, owner in
                        if let error {
                            client.urlProtocol(owner, didFailWithError: error as NSError)
                        } else {
                            client.urlProtocolDidFinishLoading(owner)
                        }
                    }
                }))
        exchange.withLock { $0 = started }
    }

    override public func stopLoading() {
        isStopped.withLock { $0 = true }
        exchange.withLock { $0 }?.cancel()
    }
}
// end-listing

/// The protocol object, carried to the connection's event loop. FoundationNetworking's `URLProtocol`
/// is not `Sendable`, but its client may be called from any thread (its own HTTP protocol calls it
/// from libcurl's); the reference is weak, so a finished task's protocol is not kept alive.
private struct Reporter: @unchecked Sendable {
    weak var owner: PinnedHTTPSProtocol?

    func callAsFunction(_ tell: (any URLProtocolClient, PinnedHTTPSProtocol) -> Void) {
        guard let owner, !owner.isStopped.withLock({ $0 }), let client = owner.client else { return }
        tell(client, owner)
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
