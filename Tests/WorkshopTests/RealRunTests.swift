import Foundation
import Testing
@testable import Workshop

extension RealRuns {
    /// The workshop against real `swift test` runs of a tiny course that uses the real exercises
    /// manifest: one exercise that traps (in its stub and, on purpose, in its solution), one that
    /// simply fails, and one that does not compile, with known-bad attempts good and bad. Slow (each run
    /// builds), so they share one course.
    @Suite("Real runs of a tiny course")
    struct RealRunTests {
        /// The repository's own exercises manifest, with the tiny course's exercises in its list.
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        static func manifest() throws -> String {
            let root = repository
            let real = try String(contentsOf: root.appendingPathComponent("exercises/Package.swift"), encoding: .utf8)
            let start = try #require(real.range(of: "let exercises: [Exercise] = [\n"))
            let end = try #require(real.range(of: "\n]\n", range: start.upperBound..<real.endIndex))
            let tiny = ["1.1-trap", "1.2-plain", "1.3-broken"]
                .map { "    Exercise(chapter: \"01-tiny\", folder: \"\($0)\", uses: []),\n" }.joined()
            return real.replacingCharacters(in: start.upperBound..<end.lowerBound, with: tiny)
        }

        static let readme = """
            # Tiny exercises

            ## Exercise 1.1: Double a byte
            <details><summary>Hint 1</summary>What is 200 × 2 in a byte?</details>
            <details><summary>Hint 2</summary>Wrap.</details>

            ## Exercise 1.2: Return one
            <details><summary>Hint 1</summary>Which number?</details>
            <details><summary>Hint 2</summary>One.</details>

            ## Exercise 1.3: Compile
            <details><summary>Hint 1</summary>What does the compiler say?</details>
            <details><summary>Hint 2</summary>Close the brace.</details>
            """

        /// The course lives in the repository's own `.build`, so that a second run builds incrementally
        /// and nothing is left in the temporary folder.
        static let course: Result<CourseFolder, any Error> = Result {
            let course = CourseFolder(root: repository.appendingPathComponent(".build/workshop-tests/tiny-course"))
            try course.write(
                "Package.swift",
                """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(name: "Tiny", products: [.library(name: "Tiny", targets: ["Tiny"])], targets: [.target(name: "Tiny")])
                """)
            try course.write("Sources/Tiny/Tiny.swift", "public let tiny = 1\n")
            try course.write("exercises/Package.swift", try manifest())
            try course.write("chapters/01-tiny.md", "# Tiny\n")
            try course.write("exercises/01-tiny/README.md", readme)
            // The obvious first attempt at 1.1 traps on overflow; so does its "solution", to prove verify
            // does not call a crash a pass.
            let trap = "public func doubled(_ x: UInt8) -> UInt8 {\n    x * 2  // TODO(1.1)\n}\n"
            try course.write("exercises/01-tiny/Sources/1.1-trap/Trap.swift", trap)
            try course.write(
                "exercises/01-tiny/Solutions/1.1-trap/Trap.swift",
                trap.replacingOccurrences(of: "  // TODO(1.1)", with: "")
            )
            try course.write(
                "exercises/01-tiny/Tests/1.1-trap/TrapTests.swift",
                """
                import Testing
                import Chapter01Exercise1
                @Test("Doubling wraps around") func wraps() { #expect(doubled(200) == 144) }
                """)
            try course.write(
                "exercises/01-tiny/Sources/1.2-plain/Plain.swift", "public func one() -> Int { 0 }  // TODO(1.2)\n")
            try course.write("exercises/01-tiny/Solutions/1.2-plain/Plain.swift", "public func one() -> Int { 1 }\n")
            try course.write(
                "exercises/01-tiny/Tests/1.2-plain/PlainTests.swift",
                """
                import Testing
                import Chapter01Exercise2
                @Test("One is one") func isOne() { #expect(one() == 1) }
                """)
            // A half-edited exercise: a syntax error.
            try course.write(
                "exercises/01-tiny/Sources/1.3-broken/Broken.swift", "public func three() -> Int {  // TODO(1.3)\n")
            try course.write(
                "exercises/01-tiny/Solutions/1.3-broken/Broken.swift", "public func three() -> Int { 3 }\n")
            try course.write(
                "exercises/01-tiny/Tests/1.3-broken/BrokenTests.swift",
                """
                import Testing
                import Chapter01Exercise3
                @Test("Three is three") func isThree() { #expect(three() == 3) }
                """)
            // Known-bad attempts: 1.2's first is caught, its second is not, and its third traps, which
            // is caught; 1.3's first no longer applies and its second does not compile; 1.1's never
            // runs, its solution failing.
            try course.write(
                "exercises/01-tiny/KnownBad/1.1-trap/typo.patch", oneLine("Trap.swift", "    x * 2", "    x * tow"))
            try course.write(
                "exercises/01-tiny/KnownBad/1.2-plain/a-zero.patch",
                oneLine("Plain.swift", "public func one() -> Int { 1 }", "public func one() -> Int { 0 }"))
            try course.write(
                "exercises/01-tiny/KnownBad/1.2-plain/b-one-differently.patch",
                oneLine("Plain.swift", "public func one() -> Int { 1 }", "public func one() -> Int { 2 - 1 }"))
            try course.write(
                "exercises/01-tiny/KnownBad/1.2-plain/c-traps.patch",
                oneLine("Plain.swift", "public func one() -> Int { 1 }", "public func one() -> Int { [Int]()[0] }"))
            try course.write(
                "exercises/01-tiny/KnownBad/1.3-broken/a-stale.patch",
                oneLine("Broken.swift", "public func three() -> Int { 4 }", "public func three() -> Int { 5 }"))
            try course.write(
                "exercises/01-tiny/KnownBad/1.3-broken/b-typo.patch",
                oneLine("Broken.swift", "public func three() -> Int { 3 }", "public func three() -> Int { tree }"))
            return course
        }

        /// A patch that replaces the line `old` of `file` by `new`, after a sentence naming the mistake.
        static func oneLine(_ file: String, _ old: String, _ new: String) -> String {
            "The mistake: \(new.trimmingCharacters(in: .whitespaces)).\n\n--- a/\(file)\n+++ b/\(file)\n@@ -1 +1 @@\n-\(old)\n+\(new)\n"
        }

        /// Verify is slow (it builds three variants and every known-bad round), so its tests share one run.
        static let verifyProblems: Result<[String], any Error> = Result {
            try Verifier(course: course.get().course).run()
        }

        static func check(_ selection: ExerciseSelection) throws -> (
            passed: Bool, text: String, progress: LearnerProgress
        ) {
            let course = try Self.course.get().course
            var text = ""
            let check = Check(course: course, terminal: .plain) { text += $0 + "\n" }
            var progress = LearnerProgress()
            let passed = try check.run(selection, progress: &progress)
            return (passed, text, progress)
        }

        @Test("A syntax error in 1.3 does not stop the check of 1.2")
        func syntaxErrorElsewhere() throws {
            let (passed, text, _) = try Self.check(.exercise(ExerciseID(chapter: 1, number: 2)))
            #expect(!passed)
            #expect(text.contains("✘ 1.2 Return one: 1 of 1 tests fail."), "\(text)")
            #expect(text.contains("Expectation failed"), "\(text)")
            #expect(!text.contains("does not compile"), "\(text)")
        }

        @Test("Checking the whole chapter names 1.3's error once, by file and line, and still runs 1.1 and 1.2")
        func chapterWithBrokenExercise() throws {
            let (passed, text, progress) = try Self.check(.chapter(1))
            #expect(!passed)
            #expect(text.contains("✘ 1.3 Compile: your code does not compile yet."), "\(text)")
            #expect(text.contains("01-tiny/Sources/1.3-broken/Broken.swift:"), "\(text)")
            #expect(text.contains("✘ 1.2 Return one: 1 of 1 tests fail."), "\(text)")
            #expect(progress.hasPassed(ExerciseID(chapter: 1, number: 1)) == false)
        }

        @Test("Code that traps fails the check, with the runtime's message and the line that trapped")
        func trapFailsCheck() throws {
            let (passed, text, progress) = try Self.check(.exercise(ExerciseID(chapter: 1, number: 1)))
            #expect(!passed)
            #expect(progress.hasPassed(ExerciseID(chapter: 1, number: 1)) == false)
            #expect(text.contains("✘ Doubling wraps around"), "\(text)")
            #expect(text.contains("crashed"), "\(text)")
            #expect(text.contains("arithmetic overflow"), "\(text)")
            #expect(text.contains("01-tiny/Sources/1.1-trap/Trap.swift:2"), "\(text)")
            #expect(!text.contains("Registers"), "\(text)")
        }

        @Test("A solution that traps fails verify")
        func trapFailsVerify() throws {
            let problems = try Self.verifyProblems.get()
            #expect(
                problems.contains {
                    $0.hasPrefix("1.1: \"Doubling wraps around\" fails on the reference solution: crashed")
                }, "\(problems)")
            #expect(!problems.contains { $0.hasPrefix("1.2: \"") }, "\(problems)")
        }

        @Test(
            "Verify names the known-bad attempt that passes, the one that no longer applies and the one that does not compile, and no other (not the one that traps)"
        )
        func knownBadAttempts() throws {
            let problems = try Self.verifyProblems.get().filter { $0.contains("known-bad") }
            #expect(problems.count == 3, "\(problems)")
            #expect(
                problems.contains {
                    $0.hasPrefix(
                        "1.2: known-bad attempt 'b-one-differently' (The mistake: public func one() -> Int { 2 - 1 }.) passes every answer test"
                    )
                }, "\(problems)")
            #expect(
                problems.contains {
                    $0.hasPrefix(
                        "1.3: known-bad attempt exercises/01-tiny/KnownBad/1.3-broken/a-stale.patch no longer applies")
                }, "\(problems)")
            #expect(
                problems.contains {
                    $0.hasPrefix("1.3: known-bad attempt 'b-typo' does not compile") && $0.contains("tree")
                }, "\(problems)")
        }
    }
}
