import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// A task table whose rows are made on demand: the first caller to ask for a task's row makes it,
/// and every caller gets that same row, as chapter 8's task delegate makes its `Progress` objects
/// on first use. Keyed by the task itself, as chapter 9's `TaskTable` is.
public final class TaskMap<Row: Sendable>: Sendable {
    private let rows = Protected<[ObjectIdentifier: Row]>([:])

    public init() {}

    /// The task's row, or nil when it has none.
    public subscript(task: URLSessionTask) -> Row? {
        rows.withLock { $0[ObjectIdentifier(task)] }
    }

    /// The task's row; when it has none, the row `make` returns, stored and returned. `make` runs
    /// without the lock held, so it may ask this table anything.
    public func row(for task: URLSessionTask, orMake make: () -> Row) -> Row {
        let key = ObjectIdentifier(task)
        if let row = rows.withLock({ $0[key] }) { return row }
        // Made outside the lock. Two racing callers may both make one; the look again and the
        // store happen under one acquisition, so only the first row stored is ever handed out.
        let made = make()
        return rows.withLock { rows in
            if let stored = rows[key] { return stored }
            rows[key] = made
            return made
        }
    }

    /// Takes the task's row out, or nil when it has none.
    @discardableResult
    public func remove(_ task: URLSessionTask) -> Row? {
        rows.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }

    /// How many tasks have a row.
    public var count: Int {
        rows.withLock { $0.count }
    }
}
