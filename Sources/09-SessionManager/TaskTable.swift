import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import TaskDelegates

// listing: task-table
/// Everything the manager keeps about its running tasks, one row per task, found by the task
/// object itself. AFNetworking keys its map by `taskIdentifier`; that number is unique only within
/// one session, and a session created after a reset numbers its tasks from 1 again.
///
/// Tasks are created on the caller's thread, their events arrive on the delegate queue, and
/// readers may ask from anywhere: so every access goes through one lock, held for one dictionary
/// operation and never while calling out. One callback, one lookup: a row holds all of it.
package final class TaskTable: Sendable {
    package struct Row: Sendable {
        /// The task's delegate (chapter 8): its body, progress and completion.
        package let delegate: TaskDelegate
        /// What the manager knows about the task.
        var record: TaskRecord
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
            let keys = rows.filter { $0.value.record.session == owner }.map(\.key)
            return keys.compactMap { rows.removeValue(forKey: $0) }
        }
    }

    /// The task's row as it is now, or nil once the task has left the table.
    func row(for task: URLSessionTask) -> Row? {
        rows.withLock { $0[ObjectIdentifier(task)] }
    }

    /// The delegate of a running task of this manager, or nil.
    package func delegate(for task: URLSessionTask) -> TaskDelegate? {
        rows.withLock { $0[ObjectIdentifier(task)]?.delegate }
    }

    // listing: note-cancellation
    /// Records why the manager is cancelling the task, unless it has already given a reason; says
    /// whether this one counts. False too once the task has left the table: it completed first.
    func noteCancellation(of task: URLSessionTask, because reason: Cancellation) -> Bool {
        updateRecord(of: task) { record in
            guard record.cancellation == nil else { return false }
            record.cancellation = reason
            return true
        } ?? false
    }
    // end-listing

    /// Changes the task's record in place, if the task is still in the table; returns what
    /// `change` returns, or nil when there is no row.
    func updateRecord<Answer: Sendable>(of task: URLSessionTask, _ change: (inout TaskRecord) -> Answer) -> Answer? {
        rows.withLock { rows in
            let key = ObjectIdentifier(task)
            guard rows[key] != nil else { return nil }
            return change(&rows[key]!.record)
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

    /// Runs `body` while holding the table's lock. Nothing in the manager calls it: it is how a
    /// test holds a thread inside the critical section and proves that every other access waits
    /// (a table without a lock, or with two, would not).
    package func whileLocked(_ body: () -> Void) {
        rows.withLock { _ in body() }
    }
}
