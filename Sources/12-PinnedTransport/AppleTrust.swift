// On Apple platforms URLSession delivers the server-trust challenge itself, and the manager answers
// it with the policy, as AFNetworking 4.0.1 does. This file compiles only where Security exists and
// URLSession is Apple's. It is written against Apple's documented API and has not been built or
// run here: the course is built and tested on Linux (chapter 12, "Linux and macOS").
#if canImport(Security) && !canImport(FoundationNetworking)
import Foundation
import Locking
import Security
import SecurityPolicy
import SessionManager

extension ServerTrust {
    /// The certificates of a `SecTrust`, leaf first, with the roots and time given.
    public init(_ trust: SecTrust, roots: TrustRoots, verifyDate: Date? = nil) {
        let chain = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
        self.init(certificates: chain.map { SecCertificateCopyData($0) as Data }, roots: roots, verifyDate: verifyDate)
    }
}

extension URLSessionManager {
    // listing: apple-server-trust
    /// Answers server-trust challenges with the manager's policy, as AFNetworking 4.0.1's
    /// task-level challenge method does: a handler set before this call runs first, and the policy
    /// decides when that handler answers with the default handling (or there is none). A refusal
    /// cancels the challenge and completes the task with -1202, the error AFNetworking attaches to
    /// the task (`serverTrustErrorForServerTrust:url:`), not with the cancellation's -999.
    public func answerServerTrustWithPolicy() {
        updateHooks { hooks in
            let earlier = hooks.authenticationChallengeHandler
            hooks.authenticationChallengeHandler = { [weak self] session, task, challenge, completion in
                if let earlier {
                    let answer = earlier(session, task, challenge, completion)
                    guard case .disposition(.performDefaultHandling) = answer else { return answer }
                }
                guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                    let trust = challenge.protectionSpace.serverTrust, let self
                else { return .disposition(.performDefaultHandling) }
                let decision = self.trustSettings.decideNow(trust, host: challenge.protectionSpace.host)
                guard decision.isTrusted else {
                    return .failure(
                        ServerTrustError.make(trust: trust, url: task.currentRequest?.url, decision: decision))
                }
                return .credential(URLCredential(trust: trust))
            }
        }
    }
    // end-listing
}

extension TrustSettings {
    /// The decision, waited for on the calling thread. AFNetworking evaluates on the delegate queue
    /// too (`SecTrustEvaluate` answers synchronously), and only a synchronous answer can carry the
    /// -1202 (chapter 9's `ChallengeAnswer.failure`). The evaluation runs in a task of its own; the
    /// delegate queue is an operation queue's thread, not one of Swift's cooperative threads, so
    /// waiting there holds none that the evaluation needs.
    func decideNow(_ trust: SecTrust, host: String) -> TrustDecision {
        let serverTrust = ServerTrust(trust, roots: roots, verifyDate: verifyDate)
        let decided = Protected<TrustDecision?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached { [policy] in
            let decision = await policy.evaluate(serverTrust, forDomain: host)
            decided.withLock { $0 = decision }
            done.signal()
        }
        done.wait()
        // Always set before the signal; were it not, the answer would be a refusal, never a trust.
        return decided.withLock { $0 } ?? .refuse(.untrustedChain(["the policy gave no decision"]))
    }
}

/// The error AFNetworking 4.0.1 builds for a refused server: `NSURLErrorDomain`, -1202, the
/// system's own localized description (CFNetwork's "Err-1202.w", about the host), the URL, its
/// string and the peer's trust; the course adds the policy's reason.
enum ServerTrustError {
    static func make(trust: SecTrust, url: URL?, decision: TrustDecision) -> NSError {
        let ownWords = "The certificate of %@ is not trusted: the server may not be who it says it is."
        let format =
            Bundle(identifier: "com.apple.CFNetwork").map {
                NSLocalizedString("Err-1202.w", tableName: nil, bundle: $0, value: ownWords, comment: "")
            } ?? ownWords
        let host = url?.host ?? ""
        let description =
            format.components(separatedBy: "%@").count == 2 ? format.replacingOccurrences(of: "%@", with: host) : format
        var info: [String: Any] = [
            NSLocalizedDescriptionKey: description, NSLocalizedFailureReasonErrorKey: decision.description,
            NSURLErrorFailingURLPeerTrustErrorKey: trust,
        ]
        if let url {
            info[NSURLErrorFailingURLErrorKey] = url
            // `NSURLErrorFailingURLStringErrorKey`, deprecated in Foundation, still filled by AFNetworking.
            info["NSErrorFailingURLStringKey"] = url.absoluteString
        }
        return NSError(domain: NSURLErrorDomain, code: NSURLErrorServerCertificateUntrusted, userInfo: info)
    }
}
#endif
