import ArgumentParser
import Foundation
import Workshop

@main
struct WorkshopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workshop",
        abstract: "The course map, your exercises' checks and hints, and the authors' checks.",
        subcommands: [Map.self, Check.self, Hint.self, Example.self, Verify.self, Listings.self],
        defaultSubcommand: Map.self
    )
}

/// The course this command was started in (normally the folder `swift run` was typed in).
func currentCourse() throws -> Course {
    try Course.locate(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
}

struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the chapters, your exercises' state and what to do next.")

    func run() throws {
        let course = try currentCourse()
        print(try CourseMap(course: course, progress: .load(for: course)).render())
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the answer tests against your code: `check 2` for a chapter, `check 2.1` for one exercise.")

    @Argument(help: "A chapter (2) or an exercise (2.1); all exercises when left out.")
    var selection: String?

    func run() throws {
        let course = try currentCourse()
        guard let selected = ExerciseSelection(selection) else {
            throw ValidationError("'\(selection ?? "")' is neither a chapter (2) nor an exercise (2.1)")
        }
        let exercises = try course.exercises().filter { selected.contains($0.id) }
        guard !exercises.isEmpty else { throw ValidationError("no exercise matches '\(selection ?? "")'") }

        print("Building your code and running the answer tests for \(exercises.map(\.id.description).joined(separator: ", "))…")
        print("(the first build takes a minute or two; later ones a few seconds)\n")
        let report = try AnswerTests.run(selected, variant: .learner, in: course)
        guard report.built else {
            print("Your code does not compile yet. The compiler says:\n")
            report.buildErrors.prefix(15).forEach { print("  \($0)") }
            print("\nFix these first (every exercise must compile, even the ones you have not started), then check again.")
            throw ExitCode.failure
        }

        var progress = LearnerProgress.load(for: course)
        var allPassed = true
        for exercise in exercises {
            let results = report.results(for: exercise.id)
            let failing = results.filter { !$0.passed }
            let passed = !results.isEmpty && failing.isEmpty
            progress.passed[exercise.id.description] = passed
            allPassed = allPassed && passed
            if passed {
                print("✔ \(exercise.id) \(exercise.title): all \(results.count) tests pass.")
                continue
            }
            print("✘ \(exercise.id) \(exercise.title): \(failing.count) of \(results.count) tests fail.")
            for result in failing {
                print("    ✘ \(result.name)")
                for line in (result.failure ?? "").split(separator: "\n").prefix(3) {
                    print("        \(line.prefix(240))")
                }
            }
            showNextHint(for: exercise, progress: &progress)
            print()
        }
        try progress.save(for: course)
        print(allPassed ? "\nEverything checked passes. `swift run workshop` shows what comes next." : "")
        if !allPassed { throw ExitCode.failure }
    }

    /// The first hint the learner has not seen yet, if any are left.
    private func showNextHint(for exercise: ExerciseGuide, progress: inout LearnerProgress) {
        let shown = progress.hintsShown(for: exercise.id)
        guard shown < exercise.hints.count else {
            print("    You have seen every hint. The reference solution is in \(exercise.solutionFolder.map { $0.path } ?? "Solutions/").")
            return
        }
        print("\n    Hint \(shown + 1) of \(exercise.hints.count):")
        print(indent(exercise.hints[shown], by: 6))
        progress.hintsShown[exercise.id.description] = shown + 1
    }
}

struct Hint: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the next hint of an exercise, a question before an answer.")

    @Argument(help: "The exercise, e.g. 2.1.")
    var exercise: String

    @Flag(help: "Start the exercise's hints again from the first.")
    var reset = false

    func run() throws {
        let course = try currentCourse()
        guard let id = ExerciseID(exercise) else { throw ValidationError("'\(exercise)' is not an exercise number like 2.1") }
        let guide = try course.exercise(id)
        var progress = LearnerProgress.load(for: course)
        if reset { progress.hintsShown[id.description] = 0 }
        let shown = progress.hintsShown(for: id)
        if shown >= guide.hints.count {
            print("That was the last hint for \(id). Try once more; then compare with \(guide.solutionFolder.map(course.relative) ?? "the solution").")
            print("(`swift run workshop hint \(id) --reset` starts the hints again.)")
        } else {
            print("Exercise \(id), hint \(shown + 1) of \(guide.hints.count):\n")
            print(indent(guide.hints[shown], by: 2))
            progress.hintsShown[id.description] = shown + 1
        }
        try progress.save(for: course)
    }
}

struct Example: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run one of the chapters' examples and print its output.")

    @Argument(help: "The example's name; leave it out to list them.")
    var name: String?

    func run() throws {
        guard let name else {
            for example in Examples.all { print("\(example.name.padding(toLength: 16, withPad: " ", startingAt: 0)) chapter \(example.chapter): \(example.summary)") }
            return
        }
        guard let example = Examples.named(name) else {
            throw ValidationError("no example is called '\(name)'; `swift run workshop example` lists them")
        }
        print(example.output(), terminator: "")
    }
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "For authors and CI: prove every exercise's stub, hints, solution and answer tests.")

    func run() throws {
        let course = try currentCourse()
        var verifier = Verifier(course: course)
        verifier.progress = { print("checking \($0)…") }
        let problems = try verifier.run()
        guard problems.isEmpty else {
            print("\nverify found \(problems.count) problem(s):")
            problems.forEach { print("- \($0)") }
            throw ExitCode.failure
        }
        print("verify: every exercise has a marked stub, hints, a solution, and answer tests that pass on the solution and fail on the stub.")
    }
}

struct Listings: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check that the chapters' code and output blocks match their sources (--write regenerates them).")

    @Flag(help: "Rewrite the blocks from their sources instead of checking them.")
    var write = false

    func run() throws {
        let problems = try Workshop.Listings(course: try currentCourse()).check(write: write)
        guard problems.isEmpty else {
            print("listings: \(problems.count) problem(s):")
            problems.forEach { print("- \($0)") }
            throw ExitCode.failure
        }
        print(write ? "listings: the chapters' blocks are written from their sources." : "listings: every block matches its source, and every region is used.")
    }
}

func indent(_ text: String, by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
}
