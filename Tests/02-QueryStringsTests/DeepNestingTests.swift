import Foundation
import QueryStrings
import Testing

@Suite("Hostile parameter shapes")
struct DeepNestingTests {
    /// Runs `body` on a new thread with the given stack size and waits for it.
    static func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
    }

    /// Carries the pairs back from the walking thread; the test waits for that thread, so the box is
    /// never touched from two threads at once.
    final class Box: @unchecked Sendable {
        var parameters: [String: Any] = [:]
        var pairs: [QueryStringPair] = []
    }

    @Test("A parameter nested 10,000 levels deep is flattened on a 256 KB stack")
    func deepNesting() {
        let depth = 10_000
        let box = Box()
        // Swift frees a nested value recursively, one level per few frames: releasing 10,000 levels
        // needs megabytes of stack, more than a test thread has. So the value is built and freed on
        // a thread with a generous stack...
        Self.onThread(stackSize: 64 << 20) {
            var value: Any = "leaf"
            for _ in 0..<depth { value = ["a": value] }
            box.parameters = ["a": value]
            // ...and walked on a small one. A recursive walk needs at least a hundred bytes of
            // stack per level, a megabyte here; the iterative walk needs a few hundred bytes in all.
            Self.onThread(stackSize: 256 << 10) {
                box.pairs = queryStringPairs(from: box.parameters)
            }
            box.parameters = [:]
        }
        #expect(box.pairs.count == 1)
        #expect(box.pairs.first?.field == "a" + String(repeating: "[a]", count: depth))
        #expect(box.pairs.first?.value == "leaf")
    }

    @Test("A wide dictionary of 10,000 keys comes out sorted")
    func wide() {
        var parameters: [String: Any] = [:]
        for i in 0..<10_000 { parameters["k\(i)"] = i }
        let fields = queryStringPairs(from: parameters).map(\.field)
        // The first pair out of order, not 10,000 fields: a message a reader can take in.
        let disorder = zip(fields, fields.dropFirst()).first { $0 > $1 }.map { "\($0) comes before \($1)" }
        #expect(disorder == nil, "the keys are not sorted")
        #expect(fields.count == 10_000)
    }
}
