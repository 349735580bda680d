import Chapter09Exercise1
import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import Testing

@Suite("9.1 A row made on demand")
struct TaskMapTests {
    @Test("A row is made once, found again, and taken out once")
    func basics() {
        let tasks = FreshSession(tasks: 1)
        defer { tasks.end() }
        let map = TaskMap<String>()
        let task = tasks[0]
        #expect(map[task] == nil)
        #expect(map.row(for: task, orMake: { "first" }) == "first")
        #expect(map.row(for: task, orMake: { "second" }) == "first", "asked again, the map must hand out the row it has")
        #expect(map[task] == "first")
        #expect(map.count == 1)
        #expect(map.remove(task) == "first")
        #expect(map.remove(task) == nil, "a row is taken out once")
        #expect(map.count == 0)
    }

    @Test("make runs only when the task has no row: asked for a row it has, the map never calls make")
    func makeOnlyWhenMissing() {
        let tasks = FreshSession(tasks: 1)
        defer { tasks.end() }
        let map = TaskMap<String>()
        let calls = Protected(0)
        _ = map.row(for: tasks[0], orMake: {
            calls.withLock { $0 += 1 }
            return "first"
        })
        for _ in 0..<3 {
            _ = map.row(for: tasks[0], orMake: {
                calls.withLock { $0 += 1 }
                return "again"
            })
        }
        let made = calls.withLock { $0 }
        #expect(made == 1, "make ran \(made) times for one task: it must run only when the task has no row (it is the caller's code, and may be costly: chapter 8 makes a Progress on first use so that a task nobody watches never pays for one)")
    }

    @Test("Two tasks that two sessions both numbered 1 have two rows")
    func sameNumberTwoTasks() {
        let old = FreshSession(tasks: 1), new = FreshSession(tasks: 1)
        defer { old.end(); new.end() }
        let map = TaskMap<String>()
        _ = map.row(for: old[0], orMake: { "old" })
        _ = map.row(for: new[0], orMake: { "new" })
        let found = (map[old[0]], map[new[0]])
        #expect(found == ("old", "new") && map.count == 2,
                "tasks numbered \(old[0].taskIdentifier) and \(new[0].taskIdentifier) by two sessions: the map found \(found.0 ?? "no row") and \(found.1 ?? "no row"), count \(map.count)")
    }

    @Test("Two callers racing for one task's row get the row that was stored, even when the first pauses after finding none")
    func forcedRace() {
        let tasks = FreshSession(tasks: 1)
        defer { tasks.end() }
        let map = TaskMap<String>()
        let firstIsMaking = DispatchSemaphore(value: 0)
        let secondIsDone = DispatchSemaphore(value: 0)
        let firstIsDone = DispatchSemaphore(value: 0)
        let firstGot = Protected<String?>(nil)
        Thread {
            let row = map.row(for: tasks[0], orMake: {
                // The first caller has looked and found no row. It waits here until the second
                // caller has finished (at most 5 s: a map that makes rows under its lock keeps
                // the second caller waiting, and another test catches that).
                firstIsMaking.signal()
                _ = secondIsDone.wait(timeout: .now() + 5)
                return "first"
            })
            firstGot.withLock { $0 = row }
            firstIsDone.signal()
        }.start()
        firstIsMaking.wait()
        let secondGot = map.row(for: tasks[0], orMake: { "second" })
        secondIsDone.signal()
        firstIsDone.wait()
        let first = firstGot.withLock { $0 } ?? "no row"
        let stored = map[tasks[0]] ?? "no row"
        #expect(first == secondGot && secondGot == stored,
                "the first caller got \"\(first)\", the second \"\(secondGot)\", and the map holds \"\(stored)\": every caller must get the row that is stored")
    }

    @Test("make may ask the map itself: it runs without the lock held")
    func makeMayAskTheMap() {
        let tasks = FreshSession(tasks: 2)
        defer { tasks.end() }
        let map = TaskMap<String>()
        _ = map.row(for: tasks[1], orMake: { "other" })
        let made = Protected<String?>(nil)
        let returned = DispatchSemaphore(value: 0)
        // On a thread of its own: if make runs under the lock, this call never returns.
        Thread {
            let row = map.row(for: tasks[0], orMake: { "made beside \(map[tasks[1]] ?? "no row")" })
            made.withLock { $0 = row }
            returned.signal()
        }.start()
        let didReturn = returned.wait(timeout: .now() + 5) == .success
        #expect(didReturn, "row(for:orMake:) had not returned after 5 s when make read the map: make must not run while the lock is held")
        if didReturn {
            #expect(made.withLock { $0 } == "made beside other")
            #expect(map[tasks[0]] == "made beside other", "the row made must be stored")
        }
    }

    @Test("Eight threads asking for the same 200 rows all get the same row, and each row is taken out exactly once")
    func hammer() {
        let tasks = FreshSession(tasks: 200)
        defer { tasks.end() }
        let map = TaskMap<Int>()
        let got = Protected<[[Int]]>(Array(repeating: [], count: 200))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<200 {
                let index = (step + thread * 25) % 200
                let row = map.row(for: tasks[index], orMake: { thread })
                got.withLock { $0[index].append(row) }
            }
        }
        let split = (0..<200).filter { index in
            let rows = got.withLock { $0[index] }
            return Set(rows).count != 1 || map[tasks[index]] != rows.first
        }.count
        #expect(split == 0, "\(split) of 200 tasks: the eight callers did not all get the row the map holds")
        let removals = Protected(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for index in 0..<200 where map.remove(tasks[index]) != nil {
                removals.withLock { $0 += 1 }
            }
        }
        #expect(removals.withLock { $0 } == 200 && map.count == 0,
                "eight threads removing every row took out \(removals.withLock { $0 }) rows (expected 200); \(map.count) left")
    }
}

/// A session's tasks, never resumed: numbered 1, 2, 3… as every new session numbers them.
struct FreshSession {
    let session: URLSession
    let tasks: [URLSessionTask]

    init(tasks count: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let url = URL(string: "http://127.0.0.1:1/")!
        self.session = session
        tasks = (0..<count).map { _ in session.dataTask(with: url) }
    }

    subscript(index: Int) -> URLSessionTask { tasks[index] }

    func end() { session.invalidateAndCancel() }
}
