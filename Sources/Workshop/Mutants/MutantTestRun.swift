import Foundation

/// One run of one exercise's answer tests against one mutant (or none, for the baseline): the
/// test binary run directly, watched through Swift Testing's event stream.
///
/// A mutant is killed when a test fails, when the test process dies (a trap is a kill), or when
/// the tests take longer than the time limit (a mutant that hangs is a kill too). The run stops
/// at the first failure it reads in the stream: a killed mutant needs no more of its tests, and a
/// slow exercise's mutants cost little more than their first failing test. Swift's backtracer is
/// off, as for verify's known-bad attempts: it can hang after a crash, and a crash needs no
/// backtrace here.
struct MutantTestRun: Sendable {
    enum Outcome: Equatable, Sendable {
        /// Every test ran and passed: `tests` of them.
        case passed(tests: Int)
        /// Killed: how (a test's failure, a crash, the time limit).
        case killed(String)
        /// Nothing ran, or the process could not start: a problem of the tool, never a verdict.
        case broken(String)
    }

    /// The program and arguments that run the answer tests of one exercise only.
    var program: String
    var arguments: [String]
    var directory: URL

    /// The run of `exercise`'s answer tests, built in `scratchPath`: the test binary itself on
    /// Linux (no second of SwiftPM loading the package each time), `swift test` elsewhere.
    static func answerTests(of exercise: ExerciseID, in course: Course, scratchPath: URL) -> MutantTestRun {
        let filter = ["--filter", NSRegularExpression.escapedPattern(for: exercise.testModuleName + ".")]
        #if os(Linux)
        let binary = scratchPath.appendingPathComponent("debug/ExercisesPackageTests.xctest")
        if FileManager.default.isExecutableFile(atPath: binary.path) {
            return MutantTestRun(
                program: binary.path, arguments: ["--testing-library", "swift-testing"] + filter,
                directory: course.exercisesFolder)
        }
        #endif
        return MutantTestRun(
            program: "swift",
            arguments: [
                "test", "--skip-build", "--disable-xctest", "--package-path", course.exercisesFolder.path,
                "--scratch-path", scratchPath.path,
            ] + filter, directory: course.root)
    }

    /// Runs the tests with `mutant` selected (none: 0), for at most `timeLimit` seconds.
    func run(exercise: ExerciseID, mutant: Int, timeLimit: TimeInterval) -> (outcome: Outcome, seconds: Double) {
        let started = Date()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workshop-mutant-\(UUID().uuidString)")
        let events = scratch.appendingPathExtension("jsonl")
        let log = scratch.appendingPathExtension("log")
        defer {
            try? FileManager.default.removeItem(at: events)
            try? FileManager.default.removeItem(at: log)
        }
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: log)
        else { return (.broken("could not create \(log.path)"), 0) }
        defer { try? handle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [program] + arguments
            + ["--event-stream-output-path", events.path, "--event-stream-version", "0"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["WORKSHOP_MUTANT"] = mutant == 0 ? "" : "\(exercise):\(mutant)"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (.broken("could not start the tests: \(error)"), 0) }

        var stopped: String?
        var size = 0
        while process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
            if Date().timeIntervalSince(started) > timeLimit {
                stopped = "timed out: still running after \(Int(timeLimit)) s"
                Shell.endProcessTree(of: process.processIdentifier)
                break
            }
            let grown = (try? FileManager.default.attributesOfItem(atPath: events.path)[.size] as? Int) ?? 0
            guard grown != size else { continue }
            size = grown
            if let failed = Self.firstFailure(in: Self.read(events)) {
                stopped = failed
                Shell.endProcessTree(of: process.processIdentifier)
                break
            }
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        if let stopped { return (.killed(stopped), seconds) }
        let records = EventStream.records(from: Self.read(events), accepting: { $0 == exercise.testModuleName })
        if let failed = Self.firstFailure(in: Self.read(events)) { return (.killed(failed), seconds) }
        let signaled = process.terminationReason == .uncaughtSignal
        if signaled || process.terminationStatus != 0 {
            let running = records.first { $0.started && !$0.ended }
            let how =
                signaled
                ? "died of signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
            guard !records.isEmpty else {
                let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                return (
                    .broken(
                        "the test process \(how) before any test ran:\n"
                            + output.split(separator: "\n").suffix(15).joined(separator: "\n")),
                    seconds
                )
            }
            return (
                .killed("crashed: the test process \(how)" + (running.map { " in \"\($0.displayName)\"" } ?? "")),
                seconds
            )
        }
        guard !records.isEmpty else { return (.broken("no answer test of \(exercise) ran"), seconds) }
        if let unfinished = records.first(where: { !$0.ended && !$0.skipped }) {
            return (.killed("\"\(unfinished.displayName)\" never ended"), seconds)
        }
        return (.passed(tests: records.count), seconds)
    }

    /// The first test that recorded an issue (a known issue aside), as a verdict.
    static func firstFailure(in stream: String) -> String? {
        guard stream.contains("\"issueRecorded\"") else { return nil }
        let failed = EventStream.records(from: stream, accepting: { _ in true }).first { $0.issue != nil }
        return failed.map { "\"\($0.displayName)\" failed" }
    }

    private static func read(_ file: URL) -> String {
        (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
