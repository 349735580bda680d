import Foundation

/// Runs some of a chapter's tests in the rebuild package and judges each one, even when the
/// learner's code crashes the test process.
///
/// A crash ends the whole test process, so the tests still running or not yet started learn
/// nothing. The runner names the test that crashed (from the backtrace, or because it was the only
/// one running), then runs the tests it has no verdict for again without the build, and so on until
/// every test has one. When several tests were running and the backtrace names none of them, each
/// runs alone. A run costs about a second; the build happens once.
struct StageRunner {
    let package: RebuildPackage
    let testTarget: String
    let paths: LearnerPaths
    var onOutput: (@Sendable (String) -> Void)?
    /// Off: one run, and whatever it says is the verdict (enough to show that a starter fails).
    var isolatesCrashes = true

    struct Report {
        /// By test key (`Suite/function`); a test without one did not run (not on this platform, or
        /// not in the test target).
        var verdicts: [String: TestRun.Verdict] = [:]
        var buildErrors: [String] = []
        var warnings: [String] = []
        /// Why a run failed when no test's verdict explains it.
        var processFailure: String?
        /// How many times the tests ran.
        var runs = 0
        var built: Bool { buildErrors.isEmpty }
    }

    /// Builds the package with its tests (unless `build` is false: it is built already), then runs
    /// `keys` until each has a verdict.
    func run(_ keys: [String], build: Bool = true) throws -> Report {
        var report = Report()
        var remaining = keys
        var skipBuild = !build
        while !remaining.isEmpty {
            let run = try runOnce(remaining, skipBuild: skipBuild)
            report.runs += 1
            if !skipBuild && !run.built {
                report.buildErrors = run.buildErrors
                report.warnings = run.warnings
                return report
            }
            if !skipBuild { report.warnings = run.warnings }
            skipBuild = true

            // When the process crashed, a test that recorded a failure and never ended, but that
            // the backtrace did not name, may have crashed too (two tests can trap at once, and the
            // crash message then holds both): it is a suspect, judged by a run of its own.
            let processCrashed = run.verdicts.contains(where: \.crashed)
            let failedUnfinished = { (verdict: TestRun.Verdict) in
                processCrashed && !verdict.crashed && verdict.record.issue != nil && !verdict.record.ended
                    && !verdict.record.skipped
            }
            var settled = run.verdicts.filter {
                ($0.record.ended || $0.record.issue != nil || $0.record.skipped)
                    && !(isolatesCrashes && failedUnfinished($0))
            }
            let crashed = run.verdicts.filter { $0.crashed || (isolatesCrashes && failedUnfinished($0)) }
            // A stuck run is not run again test by test: each might wait as long again.
            if !isolatesCrashes || crashed.count == 1 || run.stalled {
                settled += isolatesCrashes ? crashed : run.verdicts
            } else {
                for suspect in crashed {
                    let alone = try runOnce([suspect.record.key], skipBuild: true)
                    report.runs += 1
                    settled += alone.verdicts.filter { $0.record.key == suspect.record.key }
                }
            }
            for verdict in settled where remaining.contains(verdict.record.key) {
                report.verdicts[verdict.record.key] = verdict
            }
            let before = remaining.count
            remaining.removeAll { report.verdicts[$0] != nil }
            if remaining.count == before || !run.verdicts.contains(where: \.crashed) {
                // Nothing more to learn by running again: what is left keeps this run's verdict
                // (it did not run), or had none (the test target has no such test).
                for verdict in run.verdicts where remaining.contains(verdict.record.key) {
                    report.verdicts[verdict.record.key] = verdict
                }
                report.processFailure = run.processFailure
                break
            }
        }
        return report
    }

    private func runOnce(_ keys: [String], skipBuild: Bool) throws -> TestRun {
        let filters = RebuildPackage.filters(for: keys, in: testTarget)
        let result: (stream: String, output: String, status: Int32, stalled: Bool)
        if skipBuild, let binary = package.testBinary {
            // Built already: the test binary itself, as `swift test` would run it, without the two
            // seconds SwiftPM takes to load the package before it gets there.
            result = try TestRun.execute(
                filters + ["--testing-library", "swift-testing"], program: binary.path, in: package.folder)
        } else {
            // `--disable-xctest`: the course's tests are Swift Testing's, and the XCTest pass would
            // only start a second process.
            var arguments = ["test", "--package-path", package.folder.path, "--disable-xctest"]
            if skipBuild { arguments.append("--skip-build") }
            result = try TestRun.execute(arguments + filters, in: package.folder, onOutput: skipBuild ? nil : onOutput)
        }
        return TestRun.read(
            stream: result.stream, output: result.output, status: result.status, paths: paths,
            accepting: { $0 == testTarget }, skipped: nil, stalled: result.stalled)
    }
}
