import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import Locking
import SecurityPolicy
import SessionManager

/// Why a manager refused a policy.
public enum SecurityPolicyError: Error, Equatable, CustomStringConvertible {
    /// AFHTTPSessionManager's rule: pinning needs an https base URL.
    case pinningNeedsHTTPSBaseURL(mode: SecurityPolicy.PinningMode, baseURL: URL?)
    /// On Linux, a policy is enforced only by `PinnedHTTPSProtocol`, which the session lacks.
    case sessionDoesNotUsePinnedHTTPS

    public var description: String {
        switch self {
        case .pinningNeedsHTTPSBaseURL(let mode, let baseURL):
            "a security policy pinning by \(mode) needs a manager with an https base URL, not \(baseURL?.absoluteString ?? "none")"
        case .sessionDoesNotUsePinnedHTTPS:
            "the session's configuration does not route https through PinnedHTTPSProtocol: create the manager with configuration.withPinnedHTTPS()"
        }
    }
}

// listing: manager-security-policy
extension URLSessionManager {
    /// AFNetworking's `securityPolicy`, with its roots and time. Until one is set: the default
    /// policy against the system's roots, as AFNetworking's manager starts with.
    public var trustSettings: TrustSettings {
        TrustRegistry.shared.entry(for: self).settings
    }

    /// Sets the policy the manager's https requests are judged by. Refused, as AFHTTPSessionManager
    /// refuses it, when it pins and the base URL is not https; refused on Linux when the session
    /// would not enforce it (a policy that silently checks nothing is worse than none). The
    /// connections the previous policy judged are closed: no later request rides on them.
    public func setSecurityPolicy(_ settings: TrustSettings) throws(SecurityPolicyError) {
        if let manager = self as? HTTPSessionManager, settings.policy.pinningMode != .none,
            manager.baseURL?.scheme?.lowercased() != "https"
        {
            throw .pinningNeedsHTTPSBaseURL(mode: settings.policy.pinningMode, baseURL: manager.baseURL)
        }
        #if canImport(FoundationNetworking)
        guard sessionConfiguration.routesHTTPSThroughPolicy else { throw .sessionDoesNotUsePinnedHTTPS }
        #endif
        for retired in TrustRegistry.shared.set(settings, for: self) {
            ConnectionPool.shared.drain(retired)
        }
    }
}
// end-listing
