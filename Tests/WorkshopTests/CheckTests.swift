import Foundation
import Testing
import TestSupport
@testable import Workshop

/// `workshop check` on recorded runs: what it says, what it records, and which exercises it builds.
@Suite("Checking exercises")
struct CheckTests {
    static let readme = """
        # Chapter 2 exercises

        ## Exercise 2.1: First
        <details><summary>Hint 1</summary>Why?</details>
        <details><summary>Hint 2</summary>Because.</details>

        ## Exercise 2.3: Third
        <details><summary>Hint 1</summary>Where?</details>
        <details><summary>Hint 2</summary>There.</details>
        """

    static func course() throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write("Package.swift", "")
        try temporary.write("exercises/Package.swift", "")
        try temporary.write("chapters/02-strings.md", "# Strings\n")
        try temporary.write("exercises/02-strings/README.md", readme)
        try temporary.write("exercises/02-strings/Sources/2.1-first/First.swift", "// TODO(2.1)\n")
        try temporary.write("exercises/02-strings/Sources/2.3-third/Third.swift", "// TODO(2.3)\n")
        return temporary
    }

    static let first = ExerciseID(chapter: 2, number: 1)
    static let third = ExerciseID(chapter: 2, number: 3)

    /// A check whose test runs are scripted; it remembers every selection it was asked to build.
    static func check(
        _ course: Course, showHints: Bool = false, runs: @escaping (ExerciseSelection) -> AnswerTestReport
    )
        -> (Check, selections: () -> [ExerciseSelection], text: () -> String)
    {
        let asked = Locked<[ExerciseSelection]>([])
        let text = Locked("")
        var check = Check(course: course, terminal: .plain) { line in text.withLock { $0 += line + "\n" } }
        check.showHints = showHints
        check.runTests = { selection in
            asked.withLock { $0.append(selection) }
            return runs(selection)
        }
        return (check, { asked.value }, { text.value })
    }

    static func failing(_ id: ExerciseID) -> AnswerTestReport {
        AnswerTestReport(
            results: [AnswerTestResult(exercise: id, name: "It works", failure: "Expectation failed: 1 == 2")],
            buildErrors: [], warnings: [])
    }

    @Test("A check leaves the hint counter alone and says a hint exists")
    func hintsUntouched() throws {
        let temporary = try Self.course()
        let (check, _, text) = Self.check(temporary.course) { _ in Self.failing(Self.first) }
        var progress = LearnerProgress()
        for _ in 1...3 { _ = try check.run(.exercise(Self.first), progress: &progress) }
        #expect(progress.hintsShown(for: Self.first) == 0)
        #expect(progress.hasPassed(Self.first) == false)
        #expect(text().contains("Stuck? `swift run workshop hint 2.1` shows hint 1 of 2."))
        #expect(!text().contains("Why?"))
    }

    @Test("With --hint, a failing check shows the next hint and counts it")
    func hintOnRequest() throws {
        let temporary = try Self.course()
        let (check, _, text) = Self.check(temporary.course, showHints: true) { _ in Self.failing(Self.first) }
        var progress = LearnerProgress()
        _ = try check.run(.exercise(Self.first), progress: &progress)
        #expect(progress.hintsShown(for: Self.first) == 1)
        #expect(text().contains("Why?"))
    }

    @Test("An exercise that does not compile is set aside, and the others are built and run without it")
    func brokenExerciseSetAside() throws {
        let temporary = try Self.course()
        let (check, selections, text) = Self.check(temporary.course) { selection in
            if selection.contains(Self.third) {
                // With a line of SwiftPM's that names no exercise: the build of the others decides.
                return AnswerTestReport(
                    results: [],
                    buildErrors: [
                        "02-strings/Sources/2.3-third/Third.swift:3: expected '}'", "error: something of SwiftPM's",
                    ], warnings: [])
            }
            return AnswerTestReport(
                results: [AnswerTestResult(exercise: Self.first, name: "It works", failure: nil)],
                buildErrors: [], warnings: [])
        }
        var progress = LearnerProgress()
        let passed = try check.run(.chapter(2), progress: &progress)
        #expect(selections() == [.chapter(2), .exercises([Self.first])])
        #expect(!passed)
        #expect(progress.hasPassed(Self.first) == true)
        #expect(progress.hasPassed(Self.third) == false)
        #expect(text().contains("✔ 2.1 First: all 1 tests pass."))
        #expect(text().contains("02-strings/Sources/2.3-third/Third.swift:3: expected '}'"))
        #expect(!text().contains("even the ones you have not started"))
        #expect(!text().contains("something of SwiftPM's"))
    }

    @Test("A passing check records the time and offers the solution to compare with")
    func passingCheck() throws {
        let temporary = try Self.course()
        let (check, _, text) = Self.check(temporary.course) { _ in
            AnswerTestReport(
                results: [AnswerTestResult(exercise: Self.first, name: "It works", failure: nil)], buildErrors: [],
                warnings: [])
        }
        var progress = LearnerProgress()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try check.run(.exercise(Self.first), progress: &progress, now: now))
        #expect(progress.lastChecked["2.1"] == now)
        #expect(text().contains("swift run workshop solution 2.1"))
    }

    @Test("A long failure message is cut at a comma and says how much is left; a short one is whole")
    func longMessages() {
        let long = (1...1000).map(String.init).joined(separator: ", ")
        let shown = Check.limited(long)
        #expect(shown.count < 1600)
        #expect(shown.contains(" … ("))
        #expect(shown.hasPrefix("1, 2, 3"))
        #expect(Check.limited("short, and whole") == "short, and whole")
    }

    @Test("Colour only where it is wanted")
    func colour() {
        #expect(Terminal.plain.green("ok") == "ok")
        #expect(Terminal(usesColor: true, isInteractive: true).green("ok") == "\u{1B}[32mok\u{1B}[0m")
    }

    @Test("The build's progress is read off SwiftPM's step counter")
    func buildProgress() {
        #expect(
            BuildProgress.lastStep(in: "Building for debugging...\n[12/466] Compiling X\n[13/466] Compiling Y\n")! == (
                13, 466
            ))
        #expect(BuildProgress.lastStep(in: "Building for debugging...\n") == nil)
    }
}
