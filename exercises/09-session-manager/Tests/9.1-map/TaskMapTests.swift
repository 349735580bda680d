import Chapter09Exercise1
import Dispatch
import Synchronization
import Testing

@Suite("9.1 The lock-protected map")
struct TaskMapTests {
    @Test("Set, get, replace and remove behave like a dictionary")
    func basics() {
        let map = TaskMap<String>()
        map.set("first", for: 1)
        map.set("second", for: 2)
        map.set("replaced", for: 1)
        #expect(map[1] == "replaced")
        #expect(map[2] == "second")
        #expect(map.count == 2)
        #expect(map.remove(1) == "replaced")
        #expect(map[1] == nil)
        #expect(map.remove(1) == nil)
        #expect(map.count == 1)
    }

    @Test("setIfAbsent stores only the first value")
    func setIfAbsent() {
        let map = TaskMap<Int>()
        #expect(map.setIfAbsent(10, for: 7))
        #expect(!map.setIfAbsent(20, for: 7))
        #expect(map[7] == 10)
    }

    @Test("Hammered from 8 threads (set, read, remove), nothing is lost or left behind")
    func hammer() {
        let map = TaskMap<Int>()
        let misses = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<2000 {
                let id = thread * 100_000 + round
                map.set(round, for: id)
                if map[id] != round { misses.add(1, ordering: .relaxed) }
                if round % 2 == 0, map.remove(id) != round { misses.add(1, ordering: .relaxed) }
            }
        }
        #expect(misses.load(ordering: .relaxed) == 0)
        #expect(map.count == 8 * 1000)
    }

    @Test("When 8 threads race to add a value for the same task, exactly one wins")
    func race() {
        let map = TaskMap<Int>()
        for id in 0..<200 {
            let winners = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                if map.setIfAbsent(thread, for: id) { winners.add(1, ordering: .relaxed) }
            }
            #expect(winners.load(ordering: .relaxed) == 1, "task \(id)")
        }
        #expect(map.count == 200)
    }
}
