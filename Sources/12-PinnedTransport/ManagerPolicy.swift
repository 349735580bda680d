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
    /// policy against the system's roots.
    public var trustSettings: TrustSettings {
        TrustRegistry.shared.settings(forTaskDescription: taskDescriptionForSessionTasks)
    }

    /// Sets the policy the manager's https requests are judged by. Refused, as AFHTTPSessionManager
    /// refuses it, when it pins and the base URL is not https; refused on Linux when the session
    /// would not enforce it (a policy that silently checks nothing is worse than none).
    public func setSecurityPolicy(_ settings: TrustSettings) throws(SecurityPolicyError) {
        if let manager = self as? HTTPSessionManager, settings.policy.pinningMode != .none,
            manager.baseURL?.scheme?.lowercased() != "https"
        {
            throw .pinningNeedsHTTPSBaseURL(mode: settings.policy.pinningMode, baseURL: manager.baseURL)
        }
        #if canImport(FoundationNetworking)
        guard sessionConfiguration.routesHTTPSThroughPolicy else { throw .sessionDoesNotUsePinnedHTTPS }
        #endif
        TrustRegistry.shared.set(settings, for: self)
    }
}
// end-listing

/// Which manager trusts what. A Swift extension cannot add a stored property (AFNetworking stores
/// its policy in the manager, and its challenge error on the task with an associated object); a
/// `URLProtocol` is created by URLSession and sees only its task. The task carries its manager's
/// description, so the policies are kept here by that description.
final class TrustRegistry: Sendable {
    static let shared = TrustRegistry()

    private struct Entry {
        weak var manager: URLSessionManager?
        var settings: TrustSettings
    }

    private let entries = Protected<[String: Entry]>([:])

    func set(_ settings: TrustSettings, for manager: URLSessionManager) {
        entries.withLock { entries in
            entries = entries.filter { $0.value.manager != nil }  // forget managers that are gone
            entries[manager.taskDescriptionForSessionTasks] = Entry(manager: manager, settings: settings)
        }
    }

    func settings(forTaskDescription description: String?) -> TrustSettings {
        guard let description else { return TrustSettings() }
        return entries.withLock { $0[description]?.settings } ?? TrustSettings()
    }
}
