import Foundation
import Locking
import SessionManager

/// A name for one policy as one manager set it. Connections are pooled under it, so a connection
/// opened (and judged) under one policy is never lent to a request of another, and setting a new
/// policy retires the old name, and with it every connection the old policy judged.
package struct PolicyID: Hashable, Sendable, CustomStringConvertible {
    private let value: UInt64
    private static let counter = Protected<UInt64>(0)

    /// A name no policy had before.
    package static func unique() -> PolicyID {
        PolicyID(
            value: counter.withLock { counter in
                counter += 1
                return counter
            })
    }

    package var description: String { "policy #\(value)" }
}

/// Each manager's policy. A Swift extension cannot add a stored property to the manager
/// (AFNetworking keeps `securityPolicy` in the manager), so the policies are kept here, keyed by
/// the manager object itself: nothing an app sets on a task or a request can change which
/// policy a manager's requests get.
final class TrustRegistry: Sendable {
    static let shared = TrustRegistry()

    struct Entry: Sendable {
        weak var manager: URLSessionManager?
        var settings: TrustSettings
        var policy: PolicyID
    }

    private let entries = Protected<[ObjectIdentifier: Entry]>([:])

    /// The manager's policy: the one it was given, or, until then, AFNetworking's default policy
    /// (`[AFSecurityPolicy defaultPolicy]`, which its manager's `init` sets), under a name of its own.
    func entry(for manager: URLSessionManager) -> Entry {
        entries.withLock { entries in
            let key = ObjectIdentifier(manager)
            // An identifier can be reused once its object is gone: the weak reference tells.
            if let entry = entries[key], entry.manager === manager { return entry }
            let entry = Entry(manager: manager, settings: TrustSettings(), policy: .unique())
            entries[key] = entry
            return entry
        }
    }

    /// Gives the manager `settings`; returns the names retired: the manager's previous policy,
    /// and the policies of managers that are gone.
    func set(_ settings: TrustSettings, for manager: URLSessionManager) -> [PolicyID] {
        entries.withLock { entries in
            let gone = entries.filter { $0.value.manager == nil }
            for key in gone.keys { entries.removeValue(forKey: key) }
            let key = ObjectIdentifier(manager)
            let previous = entries[key].flatMap { $0.manager === manager ? $0.policy : nil }
            entries[key] = Entry(manager: manager, settings: settings, policy: .unique())
            return gone.values.map(\.policy) + (previous.map { [$0] } ?? [])
        }
    }
}
