import Foundation

/// What the manager refuses to do, as a typed error rather than a crash.
public enum SessionManagerError: Error, Equatable, CustomStringConvertible {
    /// The session was invalidated without a reset: it can make no more tasks. Asking an
    /// invalidated `URLSession` for a task stops the process, on Darwin (`NSGenericException`) as
    /// on Linux (`fatalError`), so the manager checks first.
    case sessionInvalidated
    /// A download cannot be resumed from resume data here: FoundationNetworking makes none, and a
    /// task it makes from resume data may stop the process when resumed (its failure is reported
    /// before its session has registered it).
    case resumeDataUnsupported

    public var description: String {
        switch self {
        case .sessionInvalidated:
            "the manager's session was invalidated without a reset, so it cannot create tasks; "
                + "call invalidateSession(cancelingTasks:resetSession: true) to get a fresh one"
        case .resumeDataUnsupported:
            "URLSession on Linux cannot resume a download from resume data (it never makes any); "
                + "download the file again with downloadTask(with:)"
        }
    }
}
