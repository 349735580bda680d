import Foundation

/// `workshop check`: build the selected exercises, run their answer tests, and tell the learner, in
/// their terms, what passed, what failed and why. The command line is a thin shell around this.
package struct Check {
    package let course: Course
    package var terminal: Terminal
    /// Show (and count) the next hint of each failing exercise: the learner asked for it with `--hint`.
    package var showHints = false
    /// Where the text goes, line by line.
    package var write: (String) -> Void
    /// Runs the answer tests; replaced in tests by recorded runs.
    var runTests: (ExerciseSelection) throws -> AnswerTestReport

    package init(course: Course, terminal: Terminal, write: @escaping (String) -> Void) {
        self.course = course
        self.terminal = terminal
        self.write = write
        runTests = { selection in
            let line = BuildProgressLine(terminal: terminal)
            defer { line.clear() }
            return try AnswerTests.runIsolatingCrashes(selection, variant: .learner, in: course, onOutput: line.update)
        }
    }

    /// Checks the selection, records the outcome in `progress`, and says whether everything passed.
    package func run(_ selection: ExerciseSelection, progress: inout LearnerProgress, now: Date = Date()) throws -> Bool
    {
        let exercises = try course.exercises().filter { selection.contains($0.id) }
        guard !exercises.isEmpty else { throw WorkshopError("no exercise matches '\(selection.manifestValue)'") }
        write("Building \(exercises.map(\.id.description).joined(separator: ", ")) and running the answer tests…")

        let (report, broken) = try testsSkippingBrokenExercises(selection, exercises: exercises)
        var allPassed = true
        for exercise in exercises {
            let passed = broken[exercise.id] == nil && report.passed(exercise.id)
            progress.record(exercise.id, passed: passed, at: now)
            allPassed = allPassed && passed
            if let errors = broken[exercise.id] {
                describeBuildFailure(of: exercise, errors: errors)
            } else {
                describe(exercise, report: report, passed: passed)
            }
            if !passed { offerHint(for: exercise, progress: &progress) }
        }
        if let other = broken[nil] {
            write(terminal.red("\nThe exercises do not build, and the compiler names no exercise of yours:"))
            other.prefix(15).forEach { write("  \($0)") }
        }
        write(allPassed ? "\nEverything checked passes. `swift run workshop` shows what comes next." : "")
        return allPassed
    }

    /// Runs the selection; when it does not compile, sets aside each exercise the compiler errors
    /// point into and runs the rest, so one half-edited exercise never hides another one's results.
    /// `broken` maps each exercise that does not build to its errors (nil: errors outside any exercise).
    private func testsSkippingBrokenExercises(
        _ selection: ExerciseSelection, exercises: [ExerciseGuide]
    ) throws -> (AnswerTestReport, broken: [ExerciseID?: [String]]) {
        let report = try runTests(selection)
        guard !report.built else { return (report, [:]) }
        var broken: [ExerciseID?: [String]] = [:]
        for error in report.buildErrors {
            let owner = exercises.first { exercise in
                exercise.folderName.map { error.contains("/\($0)/") } ?? false
            }?.id
            broken[owner, default: []].append(error)
        }
        let buildable = exercises.map(\.id).filter { broken[$0] == nil }
        guard broken.keys.contains(where: { $0 != nil }), !buildable.isEmpty else {
            // No error points into an exercise (or every exercise has one): nothing more can run.
            for id in buildable { broken[id] = [] }
            return (report, broken)
        }
        // Build the others without the exercises the errors point into. Whatever the first build
        // said outside any exercise is judged again by this one.
        broken[nil] = nil
        let rest = try runTests(.exercises(buildable))
        if !rest.built {
            for id in buildable { broken[id] = [] }
            broken[nil] = rest.buildErrors
        }
        return (rest, broken)
    }

    private func describe(_ exercise: ExerciseGuide, report: AnswerTestReport, passed: Bool) {
        let results = report.results(for: exercise.id)
        if passed {
            write(terminal.green("✔") + " \(exercise.id) \(exercise.title): all \(results.count) tests pass.")
            write(terminal.dim("    Compare with the reference solution: swift run workshop solution \(exercise.id)"))
            return
        }
        // The test that crashed first: the others only stopped with it.
        let failing = results.filter { !$0.passed }.sorted { !$0.interrupted && $1.interrupted }
        if results.isEmpty {
            write(terminal.red("✘") + " \(exercise.id) \(exercise.title): no answer test ran.")
        } else {
            write(
                terminal.red("✘")
                    + " \(exercise.id) \(exercise.title): \(failing.count) of \(results.count) tests fail.")
        }
        for result in failing {
            write("    " + terminal.red("✘") + " \(result.name)")
            write(indent(Self.limited(result.failure ?? ""), by: 8))
        }
        if let processFailure = report.processFailure {
            write(indent(Self.limited(processFailure), by: 4))
        }
    }

    private func describeBuildFailure(of exercise: ExerciseGuide, errors: [String]) {
        write(
            terminal.red("✘") + " \(exercise.id) \(exercise.title): your code does not compile yet. The compiler says:")
        if errors.isEmpty {
            write("    (it could not be built because other code did not compile: see below)")
        }
        errors.prefix(15).forEach { write("    \($0)") }
    }

    /// Hints are the learner's to ask for: a failing check says they exist, and shows the next one
    /// only with `--hint`.
    private func offerHint(for exercise: ExerciseGuide, progress: inout LearnerProgress) {
        let shown = progress.hintsShown(for: exercise.id)
        guard shown < exercise.hints.count else {
            write(
                "    You have seen every hint. `swift run workshop solution \(exercise.id)` compares your code with the reference."
            )
            write("")
            return
        }
        guard showHints else {
            write(
                "    Stuck? `swift run workshop hint \(exercise.id)` shows hint \(shown + 1) of \(exercise.hints.count)."
            )
            write("")
            return
        }
        write("\n    Hint \(shown + 1) of \(exercise.hints.count):")
        write(indent(exercise.hints[shown], by: 6))
        write("")
        progress.hintsShown[exercise.id.description] = shown + 1
    }

    /// How much of a failure message `check` shows: `workshop verify` holds known-bad attempts to it.
    static let messageLimit = 1500

    /// A failure message as the test wrote it, up to about 1,500 characters; a longer one (a test
    /// that prints 65,536 values) stops at the last line break or comma before that, and says so.
    static func limited(_ text: String, to limit: Int = Check.messageLimit) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit)
        let cut = head.lastIndex { $0 == "\n" || $0 == "," }.map { head[...$0] } ?? head
        return cut + " … (\(text.count - cut.count) more characters)"
    }
}

/// The line `workshop check` keeps rewriting while SwiftPM builds: `building: 120 of 466 steps`.
struct BuildProgressLine: Sendable {
    let terminal: Terminal

    func update(_ output: String) {
        guard terminal.isInteractive, let step = BuildProgress.lastStep(in: output) else { return }
        show(step.done >= step.total ? "" : "  building: step \(step.done) of \(step.total)")
    }

    func clear() {
        if terminal.isInteractive { show("") }
    }

    private func show(_ text: String) {
        FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + text).utf8))
    }
}

/// `text` with every non-empty line indented by `spaces`.
package func indent(_ text: String, by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(
        separator: "\n")
}
