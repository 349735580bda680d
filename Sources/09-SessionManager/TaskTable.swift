import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import ResponseValidation
import TaskDelegates

// listing: task-table
/// Everything the manager keeps about its running tasks, one row per task, found by the task
/// object itself. AFNetworking keys its map by `taskIdentifier`; that number is unique only within
/// one session, and a session created after a reset numbers its tasks from 1 again.
///
/// Tasks are created on the caller's thread, their events arrive on the delegate queue, and
/// readers may ask from anywhere: so every access goes through one lock, held for one dictionary
/// operation and never while calling out.
package final class TaskTable: Sendable {
    package struct Row: Sendable {
        package let delegate: TaskDelegate
        /// This task's own serializer (chapter 10's async calls bring one), or nil for the
        /// manager's, read when the task completes.
        package let responseSerializer: (any ResponseSerializer)?
        var notes: TaskNotes
    }

    private let rows = Protected<[ObjectIdentifier: Row]>([:])
    // end-listing

    package init() {}

    // listing: task-table-access
    /// Adds the task's row, unless it has one already (a task adopted from the session's list
    /// may have been created by the caller meanwhile); says whether it did.
    @discardableResult
    func insert(_ row: Row) -> Bool {
        let key = ObjectIdentifier(row.delegate.task)
        return rows.withLock { rows in
            guard rows[key] == nil else { return false }
            rows[key] = row
            return true
        }
    }

    /// Takes the task's row out, in one step: of two callers racing to finish a task, only one
    /// gets the row, and so only one runs its completion.
    func remove(_ task: URLSessionTask) -> Row? {
        rows.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }
    // end-listing

    /// Takes out every row of `session` (the tasks an invalidation left without a callback).
    func removeAll(of session: URLSession) -> [Row] {
        let owner = ObjectIdentifier(session)
        return rows.withLock { rows in
            let keys = rows.filter { $0.value.notes.session == owner }.map(\.key)
            return keys.compactMap { rows.removeValue(forKey: $0) }
        }
    }

    /// The delegate of a running task of this manager, or nil.
    package func delegate(for task: URLSessionTask) -> TaskDelegate? {
        rows.withLock { $0[ObjectIdentifier(task)]?.delegate }
    }

    func notes(for task: URLSessionTask) -> TaskNotes? {
        rows.withLock { $0[ObjectIdentifier(task)]?.notes }
    }

    /// Changes the task's notes in place, if it is still running.
    func updateNotes(of task: URLSessionTask, _ change: (inout TaskNotes) -> Void) {
        rows.withLock { rows in
            let key = ObjectIdentifier(task)
            guard var row = rows[key] else { return }
            change(&row.notes)
            rows[key] = row
        }
    }

    /// The running tasks.
    var tasks: [URLSessionTask] {
        rows.withLock { $0.values.map(\.delegate.task) }
    }

    /// How many tasks are running: 0 once every task has completed.
    package var count: Int {
        rows.withLock { $0.count }
    }
}
