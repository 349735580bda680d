import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionManager {
    /// Invalidates the session: cancelling its running tasks, or letting them finish first. With
    /// `resetSession`, the next use of `session` creates a new one; without it, asking for a task
    /// throws `SessionManagerError.sessionInvalidated`, where URLSession would stop the process
    /// (Darwin raises `NSGenericException`, AFNetworking issue #3900; Linux calls `fatalError`).
    public func invalidateSession(cancelingTasks: Bool, resetSession: Bool = false) {
        let (current, isNew) = sessionState.withLock { state in
            defer {
                state.isInvalidated = !resetSession
                if resetSession { state.session = nil }
            }
            return sessionCreatingIfNeeded(&state)
        }
        if isNew { adoptTasks(of: current) }
        if cancelingTasks {
            current.invalidateAndCancel()
        } else {
            current.finishTasksAndInvalidate()
        }
    }

    /// Runs `make` with the session, under the session lock, unless the session is invalidated.
    /// Holding the lock while URLSession makes the task is what keeps a concurrent
    /// `invalidateSession` from slipping in between the check and the creation. (Creating a task
    /// does not call any delegate method, so nothing re-enters the manager under the lock.)
    func withValidSession<Task: URLSessionTask>(_ make: (URLSession) -> Task) throws(SessionManagerError) -> (
        Task, URLSession
    ) {
        let (task, newSession, session) = try sessionState.withLock {
            state throws(SessionManagerError) -> (Task, URLSession?, URLSession) in
            guard !state.isInvalidated else { throw .sessionInvalidated }
            let (session, isNew) = sessionCreatingIfNeeded(&state)
            return (make(session), isNew ? session : nil, session)
        }
        if let newSession { adoptTasks(of: newSession) }
        return (task, session)
    }
}
