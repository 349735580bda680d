import Foundation
import Testing
@testable import Workshop

/// Known-bad attempts without building anything: finding them, planning the rounds, applying the
/// patches, and reading a run's results. RealRunTests builds them for real.
@Suite("Known-bad attempts")
struct KnownBadTests {
    static let solution = "public func one() -> Int {\n    1\n}\n"

    /// The patch that turns `solution`'s 1 into `value`, after the sentence `mistake`.
    static func patch(_ mistake: String, returning value: String, context: String = "public func one() -> Int {")
        -> String
    {
        """
        \(mistake)

        diff --git a/One.swift b/One.swift
        --- a/One.swift
        +++ b/One.swift
        @@ -1,3 +1,3 @@
         \(context)
        -    1
        +    \(value)
         }

        """
    }

    func course() throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write("Package.swift", "")
        try temporary.write("exercises/Package.swift", "")
        try temporary.write("chapters/01-tiny.md", "# Tiny\n")
        try temporary.write(
            "exercises/01-tiny/README.md",
            """
            # Tiny exercises

            ## Exercise 1.1: Return one
            <details><summary>Hint 1</summary>Which number?</details>
            <details><summary>Hint 2</summary>One.</details>

            ## Exercise 1.2: Return one again
            <details><summary>Hint 1</summary>Which number?</details>
            <details><summary>Hint 2</summary>One.</details>
            """)
        for folder in ["1.1-one", "1.2-again"] {
            try temporary.write(
                "exercises/01-tiny/Sources/\(folder)/One.swift",
                "public func one() -> Int { 0 }  // TODO(\(folder.prefix(3)))\n")
            try temporary.write("exercises/01-tiny/Solutions/\(folder)/One.swift", Self.solution)
            try temporary.write("exercises/01-tiny/Tests/\(folder)/OneTests.swift", "")
        }
        return temporary
    }

    func exercise(_ number: Int, in temporary: TemporaryCourse) throws -> ExerciseGuide {
        try #require(try temporary.course.exercises().first { $0.id == ExerciseID(chapter: 1, number: number) })
    }

    @Test("The sentence before the diff names the mistake; a patch without one names none")
    func mistake() {
        #expect(
            KnownBadAttempt.mistake(inPatch: Self.patch("Returns zero,\nas the stub does.", returning: "0"))
                == "Returns zero, as the stub does.")
        #expect(KnownBadAttempt.mistake(inPatch: Self.patch("", returning: "0")) == "")
        #expect(
            KnownBadAttempt.mistake(inPatch: "Plain patch style.\n--- One.swift\n+++ One.swift\n")
                == "Plain patch style.")
    }

    @Test("An exercise's attempts are its .patch files in name order, and round r holds every exercise's r-th attempt")
    func rounds() throws {
        let temporary = try course()
        try temporary.write("exercises/01-tiny/KnownBad/1.1-one/b-two.patch", Self.patch("Two.", returning: "2"))
        try temporary.write("exercises/01-tiny/KnownBad/1.1-one/a-zero.patch", Self.patch("Zero.", returning: "0"))
        try temporary.write("exercises/01-tiny/KnownBad/1.1-one/notes.txt", "not an attempt")
        try temporary.write(
            "exercises/01-tiny/KnownBad/1.2-again/minus-one.patch", Self.patch("Minus one.", returning: "-1"))
        let first = try KnownBadAttempt.attempts(of: exercise(1, in: temporary))
        let second = try KnownBadAttempt.attempts(of: exercise(2, in: temporary))
        #expect(first.map(\.slug) == ["a-zero", "b-two"])
        #expect(first.map(\.mistake) == ["Zero.", "Two."])

        let rounds = KnownBadRounds.rounds([first, second, []])
        #expect(
            rounds.map { $0.map { "\($0.exercise) \($0.slug)" } } == [["1.1 a-zero", "1.2 minus-one"], ["1.1 b-two"]])
        #expect(KnownBadRounds.rounds([[], []]).isEmpty)
    }

    @Test(
        "Verify's structure check names a file that is not a patch, a patch that names no mistake, and a folder of no exercise"
    )
    func structure() throws {
        let temporary = try course()
        try temporary.write("exercises/01-tiny/KnownBad/1.1-one/notes.txt", "not an attempt")
        try temporary.write("exercises/01-tiny/KnownBad/1.1-one/silent.patch", Self.patch("", returning: "0"))
        try temporary.write("exercises/01-tiny/KnownBad/1.9-gone/zero.patch", Self.patch("Zero.", returning: "0"))
        let verifier = Verifier(course: temporary.course)
        let problems = try verifier.structureProblems(of: exercise(1, in: temporary))
        #expect(
            problems.contains { $0.hasPrefix("1.1: exercises/01-tiny/KnownBad/1.1-one/notes.txt is not a .patch") },
            "\(problems)")
        #expect(
            problems.contains { $0.hasPrefix("1.1: exercises/01-tiny/KnownBad/1.1-one/silent.patch names no mistake") },
            "\(problems)")
        let orphans = try verifier.orphanFolders(known: temporary.course.exercises())
        #expect(
            orphans == [
                "exercises/01-tiny/KnownBad/1.9-gone belongs to no exercise; name it after the exercise's folder in Sources"
            ])
    }

    @Test(
        "An attempt is the solution, patched, in the package's known-bad folder; unchanged files keep their date, stale ones go"
    )
    func materialize() throws {
        let temporary = try course()
        try temporary.write("exercises/01-tiny/Solutions/1.1-one/Helper.swift", "let helper = 1\n")
        try temporary.write("exercises/01-tiny/KnownBad/1.1-one/two.patch", Self.patch("Two.", returning: "2"))
        let attempt = try #require(try KnownBadAttempt.attempts(of: exercise(1, in: temporary)).first)
        let rounds = KnownBadRounds(course: temporary.course)
        let folder = "exercises/.workshop/known-bad/01-tiny/1.1-one"
        try temporary.write("\(folder)/Stale.swift", "left from another attempt\n")

        #expect(try rounds.materialize(attempt, of: exercise(1, in: temporary)) == nil)
        #expect(try temporary.read("\(folder)/One.swift") == "public func one() -> Int {\n    2\n}\n")
        #expect(try temporary.read("\(folder)/Helper.swift") == "let helper = 1\n")
        #expect(
            !FileManager.default.fileExists(atPath: temporary.root.appendingPathComponent("\(folder)/Stale.swift").path)
        )
        // The solution itself is untouched.
        #expect(try temporary.read("exercises/01-tiny/Solutions/1.1-one/One.swift") == Self.solution)

        let helper = temporary.root.appendingPathComponent("\(folder)/Helper.swift")
        let earlier = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: earlier], ofItemAtPath: helper.path)
        #expect(try rounds.materialize(attempt, of: exercise(1, in: temporary)) == nil)
        let date = try FileManager.default.attributesOfItem(atPath: helper.path)[.modificationDate] as? Date
        #expect(date == earlier)
    }

    @Test("A patch that no longer applies is a problem that names the exercise, the patch and the solution")
    func stalePatch() throws {
        let temporary = try course()
        try temporary.write(
            "exercises/01-tiny/KnownBad/1.1-one/two.patch",
            Self.patch("Two.", returning: "2", context: "public func uno() -> Int {"))
        let attempt = try #require(try KnownBadAttempt.attempts(of: exercise(1, in: temporary)).first)
        let problem = try KnownBadRounds(course: temporary.course).materialize(attempt, of: exercise(1, in: temporary))
        #expect(
            problem?.hasPrefix(
                "1.1: known-bad attempt exercises/01-tiny/KnownBad/1.1-one/two.patch no longer applies to exercises/01-tiny/Solutions/1.1-one:"
            ) == true, "\(problem ?? "nil")")
        #expect(problem?.contains("patch does not apply") == true, "\(problem ?? "nil")")
    }

    // MARK: Reading a run

    static let one = ExerciseID(chapter: 1, number: 1)
    static let two = ExerciseID(chapter: 1, number: 2)

    static func attempt(_ id: ExerciseID, _ slug: String) -> KnownBadAttempt {
        KnownBadAttempt(
            exercise: id, slug: slug, patch: URL(fileURLWithPath: "/\(slug).patch"), mistake: "The mistake of \(slug).")
    }

    static func result(_ id: ExerciseID, _ name: String, failure: String? = nil, interrupted: Bool = false)
        -> AnswerTestResult
    {
        AnswerTestResult(exercise: id, name: name, failure: failure, interrupted: interrupted)
    }

    @Test(
        "An attempt that fails a test is caught; one that passes every test is a problem naming the exercise, the attempt and its mistake"
    )
    func caughtAndMissed() {
        let report = AnswerTestReport(
            results: [
                Self.result(Self.one, "One is one", failure: "Expectation failed: (one() → 2) == 1"),
                Self.result(Self.one, "One is positive"),
                Self.result(Self.two, "One is one"),
            ], buildErrors: [], warnings: [])
        let verdicts = KnownBadRounds.verdicts(
            report, attempts: [Self.one: Self.attempt(Self.one, "two"), Self.two: Self.attempt(Self.two, "also-one")])
        #expect(verdicts.settled == [Self.one, Self.two])
        #expect(verdicts.caught[Self.one]?.map(\.name) == ["One is one"])
        #expect(
            verdicts.problems == [
                "1.2: known-bad attempt 'also-one' (The mistake of also-one.) passes every answer test; add a test that catches this mistake, with a message that shows it"
            ])
    }

    @Test(
        "An attempt whose tests were only stopped by another exercise's crash is run again; the crash itself counts as caught"
    )
    func stoppedByACrash() {
        let report = AnswerTestReport(
            results: [
                Self.result(
                    Self.one, "One is one", failure: "crashed: the test process died while this test ran.\nFatal error"),
                Self.result(
                    Self.two, "One is one", failure: "did not run: the test process stopped before it started.",
                    interrupted: true),
            ], buildErrors: [], warnings: [])
        let verdicts = KnownBadRounds.verdicts(
            report, attempts: [Self.one: Self.attempt(Self.one, "trap"), Self.two: Self.attempt(Self.two, "two")])
        #expect(verdicts.settled == [Self.one])
        #expect(verdicts.problems.isEmpty)
    }

    @Test("A failure message longer than check shows is a problem: the learner would never see the end of it")
    func longMessage() {
        let report = AnswerTestReport(
            results: [
                Self.result(Self.one, "Every pair", failure: String(repeating: "(1, 2) ", count: 1_000)),
                Self.result(Self.one, "One is one", failure: "Expectation failed"),
            ], buildErrors: [], warnings: [])
        let verdicts = KnownBadRounds.verdicts(report, attempts: [Self.one: Self.attempt(Self.one, "two")])
        #expect(verdicts.settled == [Self.one])
        #expect(verdicts.problems.count == 1)
        #expect(
            verdicts.problems.first?.hasPrefix(
                "1.1: known-bad attempt 'two' fails \"Every pair\" with a message of 7000 characters") == true,
            "\(verdicts.problems)")
    }

    @Test("An attempt that does not compile is a problem of its own, and the others are left to run again")
    func doesNotCompile() {
        let report = AnswerTestReport(
            results: [],
            buildErrors: [
                ".workshop/known-bad/01-tiny/1.2-again/One.swift:2: cannot find 'tow' in scope"
            ], warnings: [])
        let verdicts = KnownBadRounds.verdicts(
            report, attempts: [Self.one: Self.attempt(Self.one, "two"), Self.two: Self.attempt(Self.two, "typo")])
        #expect(verdicts.settled == [Self.two])
        #expect(verdicts.problems.count == 1)
        #expect(
            verdicts.problems.first?.hasPrefix("1.2: known-bad attempt 'typo' does not compile") == true,
            "\(verdicts.problems)")

        let elsewhere = AnswerTestReport(results: [], buildErrors: ["../Sources/Tiny/Tiny.swift:1: oops"], warnings: [])
        let stuck = KnownBadRounds.verdicts(elsewhere, attempts: [Self.one: Self.attempt(Self.one, "two")])
        #expect(stuck.settled.isEmpty)
        #expect(
            stuck.problems.first?.hasPrefix("the exercises package does not build with the known-bad attempts of 1.1")
                == true)
    }
}
