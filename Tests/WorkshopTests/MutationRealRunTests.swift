import Foundation
import Testing

@testable import Workshop

extension RealRuns {
    /// `verify --mutants` on a tiny course built for real: one exercise whose answer tests kill most
    /// of its mutants, by a failure, a trap or a hang, and let four through (three of them equivalent).
    /// Slow (each run builds the schema), so the tests run in order and share the course.
    @Suite("Mutation testing of a tiny course")
    struct MutationRealRunTests {
        static let solution = """
            public func clamped(_ x: Int) -> Int {
                if x > 10 { return 10 }
                return x
            }

            public func element(_ values: [Int], at position: Int) -> Int {
                values[position - 1]
            }

            public func total(upTo n: Int) -> Int {
                var sum = 0
                var i = 0
                while i < n {
                    sum += i
                    i += 1
                }
                return sum
            }

            public func greeting(_ name: String) -> String {
                let hello = "Hi, "
                let text = hello + name
                return text
            }

            """

        static let stub = """
            public func clamped(_ x: Int) -> Int {
                x  // TODO(1.1)
            }

            public func element(_ values: [Int], at position: Int) -> Int {
                values[0]
            }

            public func total(upTo n: Int) -> Int {
                0
            }

            public func greeting(_ name: String) -> String {
                ""
            }

            """

        static let tests = """
            import Testing
            import Chapter01Exercise1
            @Test("Clamps") func clamps() { #expect(clamped(20) == 10); #expect(clamped(3) == 3) }
            @Test("Counts from one") func counts() { #expect(element([1, 2, 3], at: 1) == 1) }
            @Test("Adds up") func adds() { #expect(total(upTo: 4) == 6) }
            @Test("Greets") func greets() { #expect(greeting("Ada") == "Hi, Ada") }

            """

        /// The equivalent the author lists (`x >= 10` returns 10 for 10 either way), and an entry
        /// that names no mutant.
        static let mutantsFile = """
            # Equivalent mutants of 1.1.

            equivalent: Clamp.swift
            - if x > 10 { return 10 }
            + if x >= 10 { return 10 }
            At 10, returning 10 or x is the same.

            equivalent: Clamp.swift
            - return x
            + return y
            Not a mutant this tool makes.

            """

        static let course: Result<CourseFolder, any Error> = Result {
            let course = CourseFolder(
                root: RealRuns.RealRunTests.repository.appendingPathComponent(".build/workshop-tests/mutants-course"))
            try course.write(
                "Package.swift",
                """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(name: "Tiny", products: [.library(name: "Tiny", targets: ["Tiny"])], targets: [.target(name: "Tiny")])
                """)
            try course.write("Sources/Tiny/Tiny.swift", "public let tiny = 1\n")
            let real = try String(
                contentsOf: RealRuns.RealRunTests.repository.appendingPathComponent("exercises/Package.swift"),
                encoding: .utf8)
            let start = try #require(real.range(of: "let exercises: [Exercise] = [\n"))
            let end = try #require(real.range(of: "\n]\n", range: start.upperBound..<real.endIndex))
            try course.write(
                "exercises/Package.swift",
                real.replacingCharacters(
                    in: start.upperBound..<end.lowerBound,
                    with: "    Exercise(chapter: \"01-tiny\", folder: \"1.1-clamp\", uses: []),\n"))
            try course.write("chapters/01-tiny.md", "# Tiny\n")
            try course.write(
                "exercises/01-tiny/README.md",
                "# Tiny\n\n## Exercise 1.1: Clamp\n<details><summary>Hint 1</summary>Ten?</details>\n")
            try course.write("exercises/01-tiny/Sources/1.1-clamp/Clamp.swift", stub)
            try course.write("exercises/01-tiny/Solutions/1.1-clamp/Clamp.swift", solution)
            try course.write("exercises/01-tiny/Tests/1.1-clamp/ClampTests.swift", tests)
            try course.write("exercises/01-tiny/Mutants/1.1-clamp.txt", mutantsFile)
            return course
        }

        /// The first run, from the files as above, shared by the tests.
        static let firstRun:
            Result<(outcomes: [MutationTesting.Outcome], problems: [String], written: String), any Error> =
                Result {
                    let folder = try course.get()
                    try folder.write("exercises/01-tiny/Tests/1.1-clamp/ClampTests.swift", tests)
                    try folder.write("exercises/01-tiny/Mutants/1.1-clamp.txt", mutantsFile)
                    let (outcomes, problems) = try testing().run()
                    return (outcomes, problems, try folder.read("exercises/01-tiny/Mutants/1.1-clamp.txt"))
                }

        static func testing(changedOnly: Bool = false) throws -> MutationTesting {
            var testing = MutationTesting(course: try course.get().course)
            testing.changedOnly = changedOnly
            testing.minimumTimeLimit = 3
            return testing
        }

        @Test(
            "every survivor is reported with its diff, except the one listed as equivalent; a failure, a trap and a hang kill"
        )
        func fullRun() throws {
            let (outcomes, problems, text) = try Self.firstRun.get()
            #expect(problems.isEmpty, "\(problems)")
            let outcome = try #require(outcomes.first)
            let mutants = try #require(outcome.mutants)
            #expect(
                outcome.survivors.map { "\($0.original) → \($0.mutated)" }.sorted()
                    == [
                        "if x > 10 { return 10 } → if x > 11 { return 10 }",
                        "if x > 10 { return 10 } → if x > 9 { return 10 }",
                        "var i = 0 → var i = 1",
                    ])
            #expect(outcome.survivors.allSatisfy { $0.note.contains("escaped Chapter01Exercise1Tests") })
            // Killed: `position + 1` by a failure, `position - 2` by a trap, `i += 1` left out by the time limit.
            for killed in ["values[position + 1]", "values[position - 2]", ""] {
                #expect(mutants.contains { $0.mutated == killed })
            }
            // The only entry that names no survivor: the one that names no mutant.
            #expect(outcome.stale.map(\.mutated) == ["return y"])
            #expect(outcome.stale.first?.note.contains("no longer made") == true)
            // Strings have no `-`: that mutant does not compile, and is left out.
            #expect(outcome.dropped.map(\.mutated) == ["let text = hello - name"])
            let written = MutantsFile(parsing: text)
            #expect(written.record?.hash.count == 16)
            #expect(
                written.authored.trimmingCharacters(in: .newlines) == Self.mutantsFile.trimmingCharacters(in: .newlines)
            )
            #expect(written.record?.survived.count == 3)
            #expect(written.record?.stale.count == 1)
        }

        @Test("a mutants file that belongs to no exercise is a problem")
        func orphan() throws {
            let course = try Self.course.get()
            try course.write("exercises/01-tiny/Mutants/1.9-gone.txt", "# Nothing.\n")
            defer {
                try? FileManager.default.removeItem(
                    at: course.root.appendingPathComponent("exercises/01-tiny/Mutants/1.9-gone.txt"))
            }
            #expect(
                try Self.testing().orphanFiles() == [
                    "exercises/01-tiny/Mutants/1.9-gone.txt belongs to no exercise; name it after the exercise's folder in Sources, with .txt"
                ])
        }

        @Test(
            "--changed judges an exercise by its record until its tests change, then runs it and says the record was old"
        )
        func changedOnly() throws {
            let course = try Self.course.get()
            _ = try Self.firstRun.get()
            let recorded = try Self.testing(changedOnly: true).run()
            #expect(recorded.problems.isEmpty, "\(recorded.problems)")
            #expect(recorded.outcomes.first?.mutants == nil)
            #expect(recorded.outcomes.first?.survivors.count == 3)

            try course.write(
                "exercises/01-tiny/Tests/1.1-clamp/ClampTests.swift",
                Self.tests + "@Test(\"Eleven is clamped\") func eleven() { #expect(clamped(11) == 10) }\n")
            let rerun = try Self.testing(changedOnly: true).run()
            #expect(rerun.outcomes.first?.mutants != nil)
            #expect(rerun.outcomes.first?.survivors.map(\.mutated).sorted() == ["if x > 9 { return 10 }", "var i = 1"])
            #expect(rerun.problems.count == 1 && rerun.problems[0].contains("records a run of an older version"))
        }
    }
}
