import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import ResponseValidation
import TaskDelegates

// listing: task-table
/// The manager's running tasks, one row per task, found by the task object itself. AFNetworking
/// keys its map by `taskIdentifier`; that number is unique only within one session, and a session
/// created after a reset numbers its tasks from 1 again.
///
/// A row holds what never changes for its task: its delegate, the session that made it, and its
/// own serializer. Everything that changes while the task runs (the body, the progress, whether the
/// manager cancelled it, whether it has completed) is the delegate's, behind the delegate's own
/// lock. This table's lock guards which tasks have a row, and nothing else: it is held for one
/// dictionary operation, never while calling out.
package final class TaskTable: Sendable {
    package struct Row: Sendable {
        /// The task's delegate (chapter 8): everything about the task that changes.
        package let delegate: TaskDelegate
        /// The session that made the task: an invalidation completes the tasks it left silent.
        let session: ObjectIdentifier
        /// This task's own serializer (chapter 10's async calls bring one), or nil for the
        /// manager's, read when the task completes.
        let responseSerializer: (any ResponseSerializer)?
    }

    private let rows = Protected<[ObjectIdentifier: Row]>([:])
    // end-listing

    package init() {}

    // listing: task-table-access
    /// Adds the task's row, unless it has one already (a task adopted from the session's list
    /// may have been created by the caller meanwhile); says whether it did.
    @discardableResult
    func insert(_ row: Row, for task: URLSessionTask) -> Bool {
        let key = ObjectIdentifier(task)
        return rows.withLock { rows in
            guard rows[key] == nil else { return false }
            rows[key] = row
            return true
        }
    }
    // end-listing

    /// Takes the task's row out, once its delegate has completed: the task is no longer the
    /// manager's.
    func remove(_ task: URLSessionTask) {
        _ = rows.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }

    /// Gives `old`'s row to `new`, in one step (a data task that became a download task); nil
    /// when `old` has no row.
    func move(_ old: URLSessionTask, to new: URLSessionTask) -> Row? {
        rows.withLock { rows in
            guard let row = rows.removeValue(forKey: ObjectIdentifier(old)) else { return nil }
            rows[ObjectIdentifier(new)] = row
            return row
        }
    }

    /// The rows of the tasks `session` made (the tasks an invalidation left without a callback).
    func rows(of session: URLSession) -> [Row] {
        let owner = ObjectIdentifier(session)
        return rows.withLock { $0.values.filter { $0.session == owner } }
    }

    /// The task's row, or nil once the task has left the table.
    func row(for task: URLSessionTask) -> Row? {
        rows.withLock { $0[ObjectIdentifier(task)] }
    }

    /// The delegate of a running task of this manager, or nil.
    package func delegate(for task: URLSessionTask) -> TaskDelegate? {
        rows.withLock { $0[ObjectIdentifier(task)]?.delegate }
    }

    /// The delegates of the tasks that have a row.
    var delegates: [TaskDelegate] {
        rows.withLock { $0.values.map(\.delegate) }
    }

    /// How many tasks have a row: 0 once every task has completed.
    package var count: Int {
        rows.withLock { $0.count }
    }

    /// Runs `body` while holding the table's lock. Nothing in the manager calls it: it is how a
    /// test holds a thread inside the critical section and proves that every other access waits
    /// (a table without a lock, or with two, would not).
    package func whileLocked(_ body: () -> Void) {
        rows.withLock { _ in body() }
    }
}
