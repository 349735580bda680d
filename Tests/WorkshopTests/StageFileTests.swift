import Foundation
import Testing
@testable import Workshop

/// The stage files: how they read, how the tests they name are found in the sources, and the check
/// that every test of every chapter is in exactly one stage.
@Suite("Stage files")
struct StageFileTests {
    static let repository = RealRuns.RealRunTests.repository

    @Test("Every test of every chapter is in exactly one stage, and every test a stage names exists")
    func repositoryStagesCoverTheTests() throws {
        let course = Course(root: Self.repository)
        let chapters = try RebuildChapter.all(in: course)
        #expect(chapters.map(\.number).starts(with: [2, 3, 4, 5, 6, 7, 8, 9, 10]))
        for chapter in chapters {
            let problems = try StageCoverage.problems(for: chapter, course: course)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    static let plan = """
        # Rebuilding chapter 2

        Ignored introduction.

        ## Stage 1: Pairs

        Write the pairs,
        depth first.

        - PairTests/flat
        - PairTests/nested()

        ## Stage 2: Escaping

        Escape them.

        - EscapeTests/reserved(length:character:)
        - Outer/Inner/deep
        - freeFunction
        """

    @Test("A stage has a number, a title, a brief and its tests, named without arguments")
    func parse() {
        let (plan, problems) = StagePlan.parse(Self.plan)
        #expect(problems.isEmpty)
        #expect(plan.stages.map(\.title) == ["Pairs", "Escaping"])
        #expect(plan.stages[0].brief == "Write the pairs,\ndepth first.")
        #expect(plan.stages[0].tests == ["PairTests/flat", "PairTests/nested"])
        #expect(plan.stages[1].tests == ["EscapeTests/reserved", "Outer/Inner/deep", "freeFunction"])
        #expect(plan.stage(of: "Outer/Inner/deep")?.number == 2)
        #expect(plan.stages(through: 1).count == 1)
    }

    @Test("Misnumbered stages, a test in two stages, and stages without a brief or tests are reported by line")
    func parseProblems() {
        let text = """
            ## Stage 1: One

            - A/a

            ## Stage 3: Three

            Brief.

            - A/a
            - not a name

            ## Stage 4 Four
            """
        let (_, problems) = StagePlan.parse(text)
        #expect(problems.contains("line 5: stage 3 comes where stage 2 should"))
        #expect(problems.contains("line 9: A/a is already in stage 1 (line 3); a test belongs to one stage"))
        #expect(problems.contains("line 10: 'not a name' is not a test's name like Suite/function"))
        #expect(problems.contains("line 12: a heading must read '## Stage N: Title'"))
        #expect(problems.contains("stage 1 has no brief: say in a sentence what to build"))
    }

    @Test("Tests are found in source by suite, nested suite, extension and free function, past strings and comments")
    func scanner() {
        let source = #"""
            import Testing
            // @Test("in a comment") func commented() {}
            /* @Test func blockComment() { /* nested */ } */
            @Suite("Outer") struct Outer {
                @Test("A brace in a string: {") func first() { let s = "}"; _ = s }
                @Test(arguments: [1, 2]) func parameterized(value: Int) {}
                struct Inner {
                    @Test(#"raw "quoted" { text"#) func deep() {
                        let multi = """
                            } still a string \(1 + (2))
                            """
                        _ = multi
                    }
                }
                class func helper() {}
            }
            extension Outer.Inner {
                @Test
                func extended() {}
            }
            @Test("Free") func free() {}
            """#
        let tests = TestSourceScanner.tests(in: source)
        #expect(
            tests.map(\.key) == [
                "Outer/first", "Outer/parameterized", "Outer/Inner/deep", "Outer/Inner/extended", "free",
            ])
        #expect(tests.map(\.displayName) == ["A brace in a string: {", nil, #"raw "quoted" { text"#, nil, "Free"])
        #expect(tests.first?.line == 5)
    }

    /// A course with one chapter whose stage file drifted from its tests.
    static func driftedCourse() throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write("Sources/09-Manager/Manager.swift", "public struct Manager {}\n")
        try temporary.write(
            "Tests/09-ManagerTests/ManagerTests.swift",
            """
            @testable import Manager
            import Testing
            struct ManagerTests {
                @Test("It works") func works() {}
                @Test("A new test") func newThing() {}
            }
            """)
        try temporary.write(
            "Tests/09-ManagerTests/stages.md",
            """
            ## Stage 1: The manager

            Write it.

            - ManagerTests/works
            - ManagerTests/gone
            """)
        return temporary
    }

    @Test(
        "The check names the unstaged test, the file to add it to, the line to add, and the stage naming a missing test"
    )
    func driftMessages() throws {
        let temporary = try Self.driftedCourse()
        let chapter = try RebuildChapter.named(9, in: temporary.course)
        #expect(chapter.module == "Manager" && chapter.testTarget == "ManagerTests")
        let problems = try StageCoverage.problems(for: chapter, course: temporary.course)
        #expect(
            problems.contains(
                "Tests/09-ManagerTests/ManagerTests.swift:5: the test ManagerTests/newThing (\"A new test\") is in no stage of chapter 9: "
                    + "add the line `- ManagerTests/newThing` under the stage it belongs to in Tests/09-ManagerTests/stages.md"
            ), "\(problems)")
        #expect(
            problems.contains(
                "Tests/09-ManagerTests/stages.md:6: stage 1 names ManagerTests/gone, but no @Test function in Tests/09-ManagerTests "
                    + "has that suite and name: correct the line or remove it"), "\(problems)")
        #expect(
            problems.contains {
                $0.hasPrefix("Tests/09-ManagerTests/ManagerTests.swift:1: `@testable import Manager`")
            }, "\(problems)")
        #expect(problems.count == 3)
    }

    @Test("A chapter without a stage file is reported, with where to find the format")
    func missingStageFile() throws {
        let temporary = try Self.driftedCourse()
        try FileManager.default.removeItem(at: temporary.root.appendingPathComponent("Tests/09-ManagerTests/stages.md"))
        let problems = try StageCoverage.problems(
            for: try RebuildChapter.named(9, in: temporary.course), course: temporary.course)
        #expect(problems.first?.hasPrefix("Tests/09-ManagerTests/stages.md is missing") == true)
        #expect(problems.first?.contains("Tests/02-QueryStringsTests/stages.md") == true)
    }

    @Test("Only chapters from 2 on with a module folder and a test folder can be rebuilt")
    func chapters() throws {
        let temporary = try Self.driftedCourse()
        try temporary.write("Sources/01-Tracing/T.swift", "")
        try temporary.write("Tests/01-TracingTests/T.swift", "")
        try temporary.write("Sources/07-CLibPNG/module.modulemap", "")
        #expect(try RebuildChapter.all(in: temporary.course).map(\.number) == [9])
        #expect(throws: WorkshopError.self) { try RebuildChapter.named(1, in: temporary.course) }
    }
}
