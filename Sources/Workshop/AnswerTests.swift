import Foundation

/// One answer test's outcome.
package struct AnswerTestResult: Sendable, Equatable {
    package var exercise: ExerciseID
    /// The test's name as written, a sentence (`@Test("…")`).
    package var name: String
    /// Why it did not pass (its first problem, or how the test process stopped), or nil when it passed.
    package var failure: String?
    /// It did not pass only because another test crashed the process first: run alone, it may.
    package var interrupted = false
    package var passed: Bool { failure == nil }
}

/// The outcome of one run of answer tests.
package struct AnswerTestReport: Sendable {
    package var results: [AnswerTestResult]
    /// The compiler's errors, once each, paths relative to `exercises/`; empty when the code built.
    package var buildErrors: [String]
    /// Compiler warnings about files in `exercises/`.
    package var warnings: [String]
    /// Why `swift test` failed when no test result explains it (it exited non-zero although every
    /// test that reported passed); nil otherwise. Such a run passes nothing.
    package var processFailure: String?

    package var built: Bool { buildErrors.isEmpty }

    package func results(for id: ExerciseID) -> [AnswerTestResult] {
        results.filter { $0.exercise == id }
    }

    /// Passed means: the code built, at least one of its tests ran, every one of them passed, and
    /// the test process ended normally.
    package func passed(_ id: ExerciseID) -> Bool {
        let results = results(for: id)
        return built && processFailure == nil && !results.isEmpty && results.allSatisfy(\.passed)
    }
}

/// Runs answer tests in the exercises package, against the learner's code or the solutions.
package enum AnswerTests {
    package enum Variant: Sendable, Equatable {
        /// `NN-slug/Sources`: the learner's code, or the untouched stubs on a fresh clone.
        case learner
        /// `NN-slug/Sources` too, built in the solutions' build folder: `verify`'s run of the
        /// untouched stubs. The course library and its dependencies (swift-nio, the TLS stack) are
        /// then built once for the solutions, the stubs and the known-bad attempts, instead of a
        /// second time in the learner's build folder, which verify never needs.
        case stubs
        /// `NN-slug/Solutions`, selected with `WORKSHOP_SOLUTIONS=1`.
        case solutions
        /// `<root>/NN-slug/N.k-name`, `root` relative to the exercises package, selected with
        /// `WORKSHOP_VARIANT_ROOT`: where `verify` puts its known-bad attempts.
        case folder(String)
    }

    /// Builds only the selected exercises (`WORKSHOP_EXERCISES`, read by the exercises manifest) and
    /// runs their answer tests. `onOutput` sees the output as it grows, for a progress line.
    ///
    /// `oneTestAtATime` runs the tests one after another, and lets a crash end the test process at
    /// once, without Swift's backtracer. For code expected to crash (verify's known-bad attempts):
    /// the backtracer, which names the test that crashed when several run at once, can hang after
    /// the process it reports on has died (seen on Linux with Swift 6.3.1, under load), and
    /// `swift test` then waits for it forever. One test at a time, the test that crashed is simply
    /// the one that was running.
    package static func run(
        _ selection: ExerciseSelection, variant: Variant, in course: Course, oneTestAtATime: Bool = false,
        onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> AnswerTestReport {
        var arguments = ["test", "--package-path", course.exercisesFolder.path]
        // Every variable is set, empty when unused, so that one left in the shell cannot change the variant.
        var environment = [
            "WORKSHOP_EXERCISES": selection.manifestValue, "WORKSHOP_SOLUTIONS": "", "WORKSHOP_VARIANT_ROOT": "",
        ]
        switch variant {
        case .learner, .stubs:
            break
        case .solutions:
            environment["WORKSHOP_SOLUTIONS"] = "1"
        case .folder(let root):
            environment["WORKSHOP_VARIANT_ROOT"] = root
        }
        if variant != .learner {
            // A build folder of their own, so that a learner who runs the solutions does not
            // rebuild their own exercises afterwards. The known-bad attempts and verify's stubs
            // share it with the solutions: they differ in an exercise's files only, and need the
            // same build of the course library.
            arguments += ["--scratch-path", course.exercisesFolder.appendingPathComponent(".build-solutions").path]
        }
        if oneTestAtATime {
            arguments.append("--no-parallel")
            environment["SWIFT_BACKTRACE"] = "enable=no"
        }
        let result = try TestRun.execute(arguments, in: course.root, environment: environment, onOutput: onOutput)
        return report(
            stream: result.stream, output: result.output, status: result.status,
            exercisesFolder: course.exercisesFolder,
            stalled: result.stalled)
    }

    /// Like `run`, but when a crash in one exercise stopped the tests of others, runs each of those
    /// others again on its own, so that one trapping exercise cannot hide another one's results.
    package static func runIsolatingCrashes(
        _ selection: ExerciseSelection, variant: Variant, in course: Course,
        onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> AnswerTestReport {
        var report = try run(selection, variant: variant, in: course, onOutput: onOutput)
        let crashed = Set(
            report.results.filter { !$0.passed && !$0.interrupted && $0.failure?.hasPrefix("crashed") == true }.map(
                \.exercise))
        let stopped = Set(report.results.filter(\.interrupted).map(\.exercise)).subtracting(crashed)
        for exercise in stopped.sorted() {
            let alone = try run(.exercise(exercise), variant: variant, in: course, onOutput: onOutput)
            report.results = report.results.filter { $0.exercise != exercise } + alone.results
            report.warnings = Array(Set(report.warnings + alone.warnings)).sorted()
        }
        return report
    }

    /// Reads one run (see `TestRun.read`). Kept apart from `run` so that it can be tested on
    /// recorded runs.
    static func report(stream: String, output: String, status: Int32, exercisesFolder: URL, stalled: Bool = false)
        -> AnswerTestReport
    {
        let run = TestRun.read(
            stream: stream, output: output, status: status, paths: LearnerPaths(exercisesFolder: exercisesFolder),
            stalled: stalled)
        let results = run.verdicts.compactMap { verdict -> AnswerTestResult? in
            guard let exercise = verdict.record.exercise else { return nil }
            return AnswerTestResult(
                exercise: exercise, name: verdict.record.displayName, failure: verdict.failure,
                interrupted: verdict.interrupted)
        }
        return AnswerTestReport(
            results: results, buildErrors: run.buildErrors, warnings: run.warnings, processFailure: run.processFailure)
    }
}
