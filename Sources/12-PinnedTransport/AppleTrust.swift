// On Apple platforms URLSession does deliver the server-trust challenge, and the manager answers it
// with the policy, as AFNetworking 4.0.1 does: only a challenge no handler claimed, only at task
// level, and a refusal cancels the challenge and fails the task with -1202. This file compiles only
// where Security exists; it is written against Apple's documented API and has not been built here
// (the course is built and tested on Linux). Two differences from Linux: `TrustRoots.system` is
// empty there (pass the roots to trust), and a refusal answered `.later` reaches the completion as
// -999, since only chapter 9's synchronous `.failure` answer attaches an error to the task.
#if canImport(Security) && !canImport(FoundationNetworking)
import Foundation
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
    /// Installs the manager's policy as its task-level challenge handler. The policy is `async`;
    /// the handler answers later, from a task, as `ChallengeAnswer.later` allows.
    public func answerServerTrustWithPolicy() {
        updateHooks { hooks in
            hooks.authenticationChallengeHandler = { [weak self] _, task, challenge, completion in
                guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                    let trust = challenge.protectionSpace.serverTrust, let self
                else { return .disposition(.performDefaultHandling) }
                let settings = self.trustSettings
                let serverTrust = ServerTrust(trust, roots: settings.roots, verifyDate: settings.verifyDate)
                Task {
                    let decision = await settings.policy.evaluate(
                        serverTrust, forDomain: challenge.protectionSpace.host)
                    if decision.isTrusted {
                        completion(.useCredential, URLCredential(trust: trust))
                    } else {
                        completion(.cancelAuthenticationChallenge, nil)
                    }
                }
                return .later
            }
        }
    }
}
#endif
