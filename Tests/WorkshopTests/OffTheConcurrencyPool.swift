import Foundation
import Testing

/// A trait for suites whose tests block for a long time (a child `swift build` of a tiny course,
/// tens of seconds): each of their tests runs on a thread of its own instead of one of Swift's
/// concurrency pool.
///
/// Why: Swift Testing calls a synchronous test from an async context, so it blocks a thread of that
/// pool, and the pool has as many threads as the machine has cores. On a 2-core machine two such
/// tests stop every async test of the run, in every target: in one full CI run, three real-run
/// suites held the pool for about 40 s, and a policy decision that takes 30 ms gave up after 30 s
/// (`LoopTests`). The test still runs inside its own task, so `#expect` and the test's identity
/// work as anywhere else; only the thread is different.
struct OffTheConcurrencyPool: SuiteTrait, TestTrait, TestScoping {
    /// The key each such thread carries in its `threadDictionary`, so that a test can check where
    /// it runs. (Not a thread name: on Linux a `Thread` started from a dispatch thread keeps that
    /// thread's name, whatever it was given.)
    static let marker = "workshop-tests.off-the-pool"

    /// Whether the calling thread is one of `OwnThreadExecutor`'s (`Thread.current` itself is not
    /// for async code).
    static func isOffThePool() -> Bool { Thread.current.threadDictionary[marker] as? Bool == true }

    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(OwnThreadExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffTheConcurrencyPool {
    /// Runs each test of the suite on a thread of its own (`OffTheConcurrencyPool`).
    static var offTheConcurrencyPool: Self { Self() }
}

/// Runs every job it is given on a new thread, marked `OffTheConcurrencyPool.marker`. A test
/// hands it a job or two (it starts, it may wait once), so a thread each costs nothing that counts.
final class OwnThreadExecutor: TaskExecutor {
    static let shared = OwnThreadExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread {
            Thread.current.threadDictionary[OffTheConcurrencyPool.marker] = true
            job.runSynchronously(on: executor)
        }.start()
    }
}

@Suite("Tests that block run off the concurrency pool", .offTheConcurrencyPool)
struct OffTheConcurrencyPoolTests {
    @Test("A synchronous test of such a suite runs on a thread of its own, not one of the pool")
    func synchronousTest() {
        #expect(OffTheConcurrencyPool.isOffThePool())
    }

    @Test("An async test of such a suite does too, before and after it waits")
    func asyncTest() async throws {
        #expect(OffTheConcurrencyPool.isOffThePool())
        try await Task.sleep(for: .milliseconds(10))
        #expect(OffTheConcurrencyPool.isOffThePool())
    }
}

/// The workshop tool's runs of tiny courses built for real (a check, a rebuild, mutation testing):
/// off the pool, and one suite at a time. Each runs child builds, and together, beside a thousand
/// other tests on two cores, they slowed one another past the bounds of the tool's own checks.
@Suite("Real runs of tiny courses", .serialized, .offTheConcurrencyPool)
enum RealRuns {}
