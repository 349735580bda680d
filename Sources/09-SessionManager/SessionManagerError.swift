import Foundation

/// What the manager refuses to do, as a typed error rather than a crash.
public enum SessionManagerError: Error, Equatable, CustomStringConvertible {
    /// The session was invalidated without a reset: it can make no more tasks. Asking an
    /// invalidated `URLSession` for a task stops the process, on Darwin (`NSGenericException`) as
    /// on Linux (`fatalError`), so the manager checks first.
    case sessionInvalidated

    public var description: String {
        switch self {
        case .sessionInvalidated:
            "the manager's session was invalidated without a reset, so it cannot create tasks; "
                + "call invalidateSession(cancelingTasks:resetSession: true) to get a fresh one"
        }
    }
}
