import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager

/// What a request runs under: its manager's policy, the name its connections are pooled under,
/// and the session configuration whose timeouts, extra headers and cookies URLSession would apply.
struct FoundPolicy: Sendable {
    let settings: TrustSettings
    let policy: PolicyID
    let manager: URLSessionManager
    let configuration: URLSessionConfiguration
}

// listing: policy-lookup
/// How a request finds its policy. URLSession makes the protocol with the task; the task's
/// `delegate` is its session's delegate (FoundationNetworking answers with the session's when the
/// task has none of its own), and a manager's session has the manager as its delegate. So the
/// policy is found from the session itself: nothing an app sets on a task or a request (its
/// `taskDescription`, its headers) takes part. When no manager can be found, the request is
/// refused: there is no policy to fall back on that would not be weaker than the one intended.
enum PolicyLookup {
    static func policy(for task: URLSessionTask?, url: URL?) -> Result<FoundPolicy, PinnedTransportError> {
        guard let task else {
            return .failure(.noPolicy(url: url, reason: "the request came without its task"))
        }
        guard let manager = task.delegate as? URLSessionManager else {
            let delegate = task.delegate.map { "\(type(of: $0))" } ?? "none"
            return .failure(
                .noPolicy(
                    url: url,
                    reason:
                        "the task's delegate is not a URLSessionManager (it is \(delegate)): only a manager has a policy"
                ))
        }
        let entry = TrustRegistry.shared.entry(for: manager)
        return .success(
            FoundPolicy(
                settings: entry.settings, policy: entry.policy, manager: manager,
                configuration: manager.sessionConfiguration))
    }
}
// end-listing
