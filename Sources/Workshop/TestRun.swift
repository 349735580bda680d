import Foundation

/// One run of `swift test`, read through Swift Testing's event stream and the printed output: what
/// each test did and, when the test process died, in which test and why. Shared by `check` (an
/// exercise's answer tests) and `rebuild check` (a chapter's own tests).
struct TestRun {
    /// One test and the run's verdict on it.
    struct Verdict: Equatable {
        var record: EventStream.TestRecord
        /// Why it did not pass, or nil when it passed (or was skipped, where that is allowed).
        var failure: String?
        /// It did not pass only because another test crashed the process first: run alone, it may.
        var interrupted = false
        /// The process died while it ran, and nothing says another test killed it.
        var crashed = false
        var passed: Bool { failure == nil }
    }

    var verdicts: [Verdict]
    /// The compiler's errors, once each, in the learner's terms; empty when the code built.
    var buildErrors: [String] = []
    /// Compiler warnings about the learner's files.
    var warnings: [String] = []
    /// Why `swift test` failed when no test's verdict explains it; nil otherwise.
    var processFailure: String?
    /// The run was ended because its tests made no progress: the tests still running are stuck.
    var stalled = false

    var built: Bool { buildErrors.isEmpty }

    /// Runs `swift` with `arguments` (or, with `program`, that program: a test binary run directly),
    /// asking Swift Testing for its event stream (which names each test by module and sentence; the
    /// console output alone does not say which module a test is in).
    static func execute(
        _ arguments: [String], program: String = "swift", in directory: URL, environment: [String: String] = [:],
        onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> (stream: String, output: String, status: Int32, stalled: Bool) {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workshop-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        let streamOptions = ["--event-stream-output-path", events.path, "--event-stream-version", "0"]
        let result = try Shell.run(
            [program] + arguments + streamOptions, in: directory, environment: environment, onOutput: onOutput,
            watch: Shell.TestWatch(events: events))
        let stream = (try? Data(contentsOf: events)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var output = result.output
        if let signal = result.signal {
            // What `swift test` prints when its test process dies of a signal; run directly, the
            // test binary's own death says it no other way.
            output += "\nerror: Exited with unexpected signal code \(signal)\n"
        }
        return (stream, output, result.status, result.stalled)
    }

    /// Reads one run. `accepts` picks the test modules that count; `skipped`, when not nil, is the
    /// failure of a test that was skipped (an answer test must always run; a chapter's test may be
    /// for another platform).
    static func read(
        stream: String, output: String, status: Int32, paths: LearnerPaths,
        accepting accepts: (String) -> Bool = { EventStream.exercise(ofModule: $0) != nil },
        skipped: String? = "skipped: an answer test should always run", stalled: Bool = false
    ) -> TestRun {
        let records = EventStream.records(from: stream, accepting: accepts)
        let printed = TestProcessOutput(output, paths: paths)
        // The learner's warnings, each once, named as the learner names their files.
        let warnings = Set(
            output.split(separator: "\n").compactMap { line -> String? in
                let path = line.prefix { $0 != ":" }
                guard line.contains("warning:"), let shown = paths.learners(path) else { return nil }
                return shown + line.dropFirst(path.count)
            })

        // No test was even listed and swift test failed: the code did not build, or the test
        // process crashed while it prepared the tests (computing a test's arguments runs code).
        if records.isEmpty && status != 0 {
            var errors = printed.compilerErrors.map(\.description)
            if errors.isEmpty, let crash = printed.crash {
                return TestRun(
                    verdicts: [], warnings: warnings.sorted(),
                    processFailure:
                        "the test process crashed before any test started, while it prepared the tests (a test's arguments are computed first):\n"
                        + crash.message + (crash.location.map { "\n  at \($0)" } ?? ""))
            }
            if errors.isEmpty {
                errors =
                    ["swift test failed before any test ran (exit status \(status)); the end of its output:"]
                    + output.split(separator: "\n").suffix(20).map(String.init)
            }
            return TestRun(verdicts: [], buildErrors: errors, warnings: warnings.sorted())
        }

        let crash = status == 0 || stalled ? nil : printed.crash
        // The test the backtrace names, or failing that the only one still running.
        let running = records.filter { $0.started && !$0.ended }
        let culprit =
            crash.flatMap { crash in
                running.first { record in crash.frames.contains(where: record.isNamed) }
            } ?? (running.count == 1 ? running.first : nil)

        let verdicts = records.map { record in
            // A test that recorded a failure and then never ended failed by itself, whatever came
            // after: it is never "interrupted". But it may be the one that crashed the process, and
            // then it is named as such, so that the tests it stopped run again without it.
            let notEnded = !record.ended && !record.skipped
            let unfinished = record.issue == nil && notEnded
            let diedInIt =
                notEnded && record.started && status != 0 && !stalled && (culprit == nil || record == culprit)
            let failure =
                stalled && unfinished && record.started
                ? "stuck: \(Self.stuck)"
                : failure(
                    of: record, crash: crash, diedInIt: diedInIt, culprit: culprit, status: status, skipped: skipped)
            return Verdict(
                record: record, failure: failure,
                interrupted: unfinished && culprit != nil && record != culprit,
                crashed: record.issue == nil
                    ? unfinished && record.started && (culprit == nil || record == culprit) : diedInIt)
        }
        var run = TestRun(verdicts: verdicts, warnings: warnings.sorted(), stalled: stalled)
        if status != 0 && verdicts.allSatisfy(\.passed) {
            run.processFailure =
                "swift test exited with status \(status) although every test it reported passed; the end of its output:\n"
                + output.split(separator: "\n").suffix(12).joined(separator: "\n")
        }
        return run
    }

    /// Why a test still running when its run was ended for making no progress failed.
    static let stuck =
        "no test made progress for 5 minutes, so the run was stopped while this one ran: "
        + "a test that never ends is waiting for something that never comes (a deadlock, a lost callback) or looping"

    private static func failure(
        of record: EventStream.TestRecord, crash: TestProcessOutput.Crash?, diedInIt: Bool,
        culprit: EventStream.TestRecord?,
        status: Int32, skipped: String?
    ) -> String? {
        let how =
            crash.map { crash in
                crash.message + (crash.location.map { "\n  at \($0)" } ?? "")
            } ?? "the test process stopped (exit status \(status))"
        if let issue = record.issue {
            // It failed, then the process died while it still ran: say both, the crash first, since
            // it is what stopped every other test.
            guard diedInIt else { return issue }
            return "crashed: the test process died while this test ran, after it recorded a failure.\n" + how
                + "\nThe failure it recorded first:\n" + issue
        }
        if record.ended { return nil }
        if record.skipped { return skipped }
        if !record.started {
            return "did not run: the test process stopped before it started. "
                + (culprit.map { "It crashed in \"\($0.displayName)\"." } ?? "")
        }
        if record == culprit || culprit == nil {
            return "crashed: the test process died while this test ran.\n" + how
        }
        return "did not finish: the test process died while this test ran, in \"\(culprit!.displayName)\"."
    }
}
