import Foundation
import Testing
@testable import Workshop

/// Recorded pieces of Swift Testing's event stream and of `swift test`'s output, as a crashed run
/// writes them (see `swift test --event-stream-output-path`).
enum RecordedRun {
    static let passing = "Chapter02Exercise1Tests.S/a()/F.swift:1:1"
    static let failing = "Chapter02Exercise1Tests.S/b()/F.swift:2:1"
    static let crashing = "Chapter07Exercise1Tests.PremultiplyTests/roundsToNearest()/PremultiplyTests.swift:29:6"
    static let bystander = "Chapter07Exercise1Tests.PremultiplyTests/everyPair()/PremultiplyTests.swift:15:6"
    static let neverStarted = "Chapter07Exercise1Tests.PremultiplyTests/buffer()/PremultiplyTests.swift:44:6"
    static let exercises = URL(fileURLWithPath: "/course/exercises")

    static func test(_ id: String, display: String) -> String {
        #"{"kind":"test","payload":{"id":"\#(id)","kind":"function","name":"x()","displayName":"\#(display)"},"version":0}"#
    }

    static func event(_ kind: String, _ id: String) -> String {
        #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(id)","messages":[]},"version":0}"#
    }

    static let issue =
        #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(failing)","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"Expectation failed: x"},{"symbol":"details","text":"a comment"}]},"version":0}"#

    /// What the backtracer printed when exercise 7.1's `component * alpha / 255` overflowed.
    static let crashOutput = """
        ◇ Test "Results round to the nearest byte, not down" started.

        *** Signal 4: Backtracing from 0x5594576a70ab... done ***

        *** Swift runtime failure: arithmetic overflow ***

        Thread 0 "ExercisesPackag":

          0      0x00007ff84f07b301 sigsuspend + 65 in libc.so.6

        Thread 4 "oot.default-qos" crashed:

          0 [inlined] [system] 0x00005594576a70ab Swift runtime failure: arithmetic overflow in ExercisesPackageTests.xctest at //<compiler-generated>
          1                    0x00005594576a70ab premultiply(_:by:) + 91 in ExercisesPackageTests.xctest at /course/exercises/07-image-inflation/Sources/7.1-premultiply/Premultiply.swift:7:22
          3 [ra]               0x00005594576ad3cb PremultiplyTests.roundsToNearest() + 170 in ExercisesPackageTests.xctest at /course/exercises/07-image-inflation/Tests/7.1-premultiply/PremultiplyTests.swift:32:9

        Registers:

        rax 0x00007ff8437f1401  00 00 00 00
        error: Process '/course/exercises/.build/debug/ExercisesPackageTests.xctest --testing-library swift-testing' exited with unexpected signal code 4
        """

    static var crashStream: String {
        [
            test(crashing, display: "Results round to the nearest byte, not down"),
            test(bystander, display: "All pairs"),
            test(neverStarted, display: "A buffer"),
            event("testStarted", crashing), event("testStarted", bystander),
        ].joined(separator: "\n")
    }
}

@Suite("Reading Swift Testing's event stream")
struct EventStreamTests {
    @Test("Each test comes out with its exercise, its sentence name and its first problem")
    func results() {
        let stream = [
            RecordedRun.test(RecordedRun.passing, display: "It passes"),
            RecordedRun.test(RecordedRun.failing, display: "It fails"),
            #"{"kind":"test","payload":{"id":"Chapter02Exercise1Tests.S","kind":"suite","name":"S"},"version":0}"#,
            "not json at all", RecordedRun.issue,
            RecordedRun.event("testStarted", RecordedRun.passing), RecordedRun.event("testEnded", RecordedRun.passing),
            RecordedRun.event("testStarted", RecordedRun.failing), RecordedRun.event("testEnded", RecordedRun.failing),
        ].joined(separator: "\n")
        let report = AnswerTests.report(stream: stream, output: "", status: 1, exercisesFolder: RecordedRun.exercises)
        #expect(report.results.map(\.name) == ["It passes", "It fails"])
        #expect(report.results.map(\.exercise.description) == ["2.1", "2.1"])
        #expect(report.results[0].passed)
        #expect(report.results[1].failure == "Expectation failed: x\na comment")
        #expect(report.processFailure == nil)
        #expect(!report.passed(ExerciseID(chapter: 2, number: 1)))
    }

    @Test("A crash before any test ended fails every test; none of them passes")
    func crashBeforeAnyEnded() {
        let report = AnswerTests.report(
            stream: RecordedRun.crashStream, output: RecordedRun.crashOutput, status: 1,
            exercisesFolder: RecordedRun.exercises)
        #expect(report.results.count == 3)
        #expect(report.results.allSatisfy { !$0.passed })
        #expect(!report.passed(ExerciseID(chapter: 7, number: 1)))
    }

    @Test("The crashed test is named from the backtrace, with the runtime's message and the learner's line")
    func crashNamed() throws {
        let report = AnswerTests.report(
            stream: RecordedRun.crashStream, output: RecordedRun.crashOutput, status: 1,
            exercisesFolder: RecordedRun.exercises)
        let crashed = try #require(report.results.first { $0.name == "Results round to the nearest byte, not down" })
        #expect(
            crashed.failure == """
                crashed: the test process died while this test ran.
                Swift runtime failure: arithmetic overflow
                  at 07-image-inflation/Sources/7.1-premultiply/Premultiply.swift:7:22
                """)
        #expect(!crashed.interrupted)
        let others = report.results.filter { $0.name != crashed.name }
        #expect(others.allSatisfy { $0.interrupted })
        #expect(others.allSatisfy { $0.failure?.contains("Results round to the nearest byte") == true })
        #expect(others.first { $0.name == "A buffer" }?.failure?.hasPrefix("did not run") == true)
        #expect(!(crashed.failure ?? "").contains("Registers"))
    }

    @Test(
        "A test that records a failure and then crashes is named with both, and the tests it stopped are interrupted, not failed"
    )
    func failureThenCrash() throws {
        // The crashing test recorded an expectation failure before the arithmetic overflow.
        let issue =
            #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(RecordedRun.crashing)","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"Expectation failed: (premultiply(200, by: 128) → 100) == 101"}]},"version":0}"#
        let run = TestRun.read(
            stream: RecordedRun.crashStream + "\n" + issue, output: RecordedRun.crashOutput, status: 1,
            paths: LearnerPaths(exercisesFolder: RecordedRun.exercises))
        let crashed = try #require(run.verdicts.first { $0.record.id == RecordedRun.crashing })
        #expect(crashed.crashed)
        #expect(!crashed.interrupted)
        #expect(
            crashed.failure == """
                crashed: the test process died while this test ran, after it recorded a failure.
                Swift runtime failure: arithmetic overflow
                  at 07-image-inflation/Sources/7.1-premultiply/Premultiply.swift:7:22
                The failure it recorded first:
                Expectation failed: (premultiply(200, by: 128) → 100) == 101
                """)
        let others = run.verdicts.filter { $0.record.id != RecordedRun.crashing }
        #expect(others.count == 2)
        #expect(others.allSatisfy { $0.interrupted && !$0.crashed }, "the tests the crash stopped are to be run again")
        // A test that failed and ended before another test crashed keeps its own failure.
        let ended = RecordedRun.crashStream + "\n" + issue + "\n" + RecordedRun.event("testEnded", RecordedRun.crashing)
        let earlier = TestRun.read(
            stream: ended, output: RecordedRun.crashOutput, status: 1,
            paths: LearnerPaths(exercisesFolder: RecordedRun.exercises))
        let failed = try #require(earlier.verdicts.first { $0.record.id == RecordedRun.crashing })
        #expect(failed.failure == "Expectation failed: (premultiply(200, by: 128) → 100) == 101")
        #expect(!failed.crashed && !failed.interrupted)
    }

    @Test("A fatal error's own message is shown, once")
    func fatalError() throws {
        let output = """
            Chapter07Exercise1/Premultiply.swift:7: Fatal error: not yet
            *** Signal 4: Backtracing from 0x1... done ***
            Fatal error: not yet
            """
        let crash = try #require(TestProcessOutput(output, exercisesFolder: RecordedRun.exercises).crash)
        #expect(crash.message == "Fatal error: not yet")
    }

    @Test("A failed exit with every reported test passing is a failure, not a pass")
    func failedExitAllPassed() {
        let stream = [
            RecordedRun.test(RecordedRun.passing, display: "It passes"),
            RecordedRun.event("testStarted", RecordedRun.passing), RecordedRun.event("testEnded", RecordedRun.passing),
        ]
        let report = AnswerTests.report(
            stream: stream.joined(separator: "\n"), output: "boom", status: 1,
            exercisesFolder: RecordedRun.exercises)
        #expect(report.results.allSatisfy { $0.passed })
        #expect(report.processFailure?.contains("exited with status 1") == true)
        #expect(!report.passed(ExerciseID(chapter: 2, number: 1)))
    }

    @Test("Compiler errors come once each, relative to exercises/, without SwiftPM's noise")
    func compilerErrors() {
        let output = """
            /course/exercises/02-query-strings/Sources/2.3-batches/Batches.swift:19:20: error: expected '{' in body of function declaration
            /course/exercises/02-query-strings/Sources/2.3-batches/Batches.swift:19:20: error: expected '{' in body of function declaration
            error: emit-module command failed with exit code 1 (use -v to see invocation)
            error: cancelled
            error: fatalError
            """
        let report = AnswerTests.report(stream: "", output: output, status: 1, exercisesFolder: RecordedRun.exercises)
        #expect(
            report.buildErrors == [
                "02-query-strings/Sources/2.3-batches/Batches.swift:19: expected '{' in body of function declaration"
            ])
    }

    @Test("Tests outside the exercises' modules are ignored")
    func foreignModules() {
        #expect(EventStream.exercise(ofTestID: "QueryStringsTests.S/t()") == nil)
        #expect(EventStream.exercise(ofTestID: "Chapter07Exercise12Tests.S/t()")?.description == "7.12")
    }

    @Test("A test's function is found in a backtrace by its suite and name")
    func backtraceSymbol() {
        let record = EventStream.TestRecord(
            id: RecordedRun.crashing, module: "Chapter07Exercise1Tests", displayName: "")
        #expect(record.backtraceSymbol == "PremultiplyTests.roundsToNearest(")
    }
}

extension EventStreamTests {
    @Test("A test written as a free function is found in a backtrace by its name and its exercise's folder")
    func freeFunctionInBacktrace() {
        let record = EventStream.TestRecord(
            id: "Chapter01Exercise1Tests.wraps()/TrapTests.swift:3:2",
            module: "Chapter01Exercise1Tests", displayName: "")
        #expect(record.functionName == "wraps")
        #expect(
            record.isNamed(
                in:
                    "  3 [ra]   0x1 wraps() + 153 in X.xctest at /c/exercises/01-tiny/Tests/1.1-trap/TrapTests.swift:3:47"
            ))
        #expect(
            !record.isNamed(
                in:
                    "  3 [ra]   0x1 wraps() + 153 in X.xctest at /c/exercises/01-tiny/Tests/1.2-other/TrapTests.swift:3:47"
            ))
        // A chapter's own test, outside the exercises: found in its test target's folder.
        let own = EventStream.TestRecord(
            id: "TaskDelegatesTests.mainQueueRuns()/F.swift:3:2", module: "TaskDelegatesTests", displayName: "")
        #expect(
            own.isNamed(
                in: "  3 [ra]   0x1 mainQueueRuns() + 9 in X.xctest at /p/Tests/08-TaskDelegatesTests/F.swift:3:47"))
        #expect(
            !own.isNamed(
                in: "  3 [ra]   0x1 mainQueueRuns() + 9 in X.xctest at /p/Tests/09-SessionManagerTests/F.swift:3:47"))
    }
}

extension EventStreamTests {
    @Test("A run ended for making no progress fails the tests still running as stuck, and only those")
    func stalledRun() {
        let stream = [
            RecordedRun.test(RecordedRun.passing, display: "It passes"),
            RecordedRun.test(RecordedRun.failing, display: "It hangs"),
            RecordedRun.test(RecordedRun.neverStarted, display: "Not yet"),
            RecordedRun.event("testStarted", RecordedRun.passing), RecordedRun.event("testEnded", RecordedRun.passing),
            RecordedRun.event("testStarted", RecordedRun.failing),
        ].joined(separator: "\n")
        let run = TestRun.read(
            stream: stream, output: "", status: 9, paths: LearnerPaths(exercisesFolder: RecordedRun.exercises),
            stalled: true)
        #expect(run.stalled)
        #expect(run.verdicts.map(\.passed) == [true, false, false])
        #expect(run.verdicts[1].failure?.hasPrefix("stuck: no test made progress") == true)
        #expect(run.verdicts[1].crashed)
        #expect(run.verdicts[2].failure?.hasPrefix("did not run") == true)
        #expect(!run.verdicts[2].crashed)
    }

    @Test("A test run that records an event and then goes silent is ended, and says it stalled")
    func stalledProcess() throws {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workshop-test-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        let result = try Shell.run(
            ["sh", "-c", "echo started > '\(events.path)'; sleep 60"], in: FileManager.default.temporaryDirectory,
            watch: Shell.TestWatch(events: events, idleLimit: 1))
        #expect(result.stalled)
        #expect(!result.succeeded)
    }
}
