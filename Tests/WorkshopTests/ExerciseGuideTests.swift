import Foundation
import Testing
@testable import Workshop

@Suite("Reading exercises from a chapter's README")
struct ExerciseGuideTests {
    static let readme = """
        # Chapter 9 exercises

        ## Exercise 9.1: Count the tasks
        Do it.
        <details><summary>Hint 1</summary>

        What is a task?

        </details>
        <details><summary>Hint 2</summary>
        Look at `getTasks`.
        </details>

        ## Exercise 9.2: Second
        <details><summary>Hint 1</summary>only one</details>

        ## Notes, not an exercise
        """

    func course() throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write("Package.swift", "")
        try temporary.write("exercises/Package.swift", "")
        try temporary.write("chapters/09-sessions.md", "# Sessions\n")
        try temporary.write("exercises/09-sessions/README.md", Self.readme)
        try temporary.write("exercises/09-sessions/Sources/9.1-count/Count.swift", "// TODO(9.1)\n")
        return temporary
    }

    @Test("Sections give the exercises, their titles, hint ladders and folders")
    func parse() throws {
        let temporary = try course()
        let chapters = try temporary.course.chapters()
        #expect(chapters.map(\.title) == ["Sessions"])
        let exercises = try #require(chapters.first?.exercises)
        #expect(exercises.map(\.id.description) == ["9.1", "9.2"])
        #expect(exercises.map(\.title) == ["Count the tasks", "Second"])
        #expect(exercises[0].hints == ["What is a task?", "Look at `getTasks`."])
        #expect(exercises[1].hints == ["only one"])
        #expect(exercises[0].folderName == "9.1-count")
        #expect(exercises[1].folderName == nil)
    }

    @Test("The course is found from a folder inside it")
    func locate() throws {
        let temporary = try course()
        let inner = temporary.root.appendingPathComponent("exercises/09-sessions/Sources")
        #expect(try Course.locate(from: inner).root.standardizedFileURL.path == temporary.root.standardizedFileURL.path)
        #expect(throws: WorkshopError.self) { try Course.locate(from: URL(fileURLWithPath: "/")) }
    }

    @Test("The map shows each exercise's state and the next step")
    func map() throws {
        let temporary = try course()
        var progress = LearnerProgress()
        progress.passed["9.1"] = true
        let text = try CourseMap(course: temporary.course, progress: progress).render()
        #expect(text.contains("✔ 9.1  Count the tasks"))
        #expect(text.contains("· 9.2  Second"))
        #expect(text.contains("Next: exercise 9.2, Second"))
        #expect(text.contains("check  swift run workshop check 9.2"))
    }

    @Test("A reader who has checked nothing is sent to chapter 1's tour first, and then to the first exercise")
    func mapStartsWithTheTour() throws {
        let temporary = try course()
        try temporary.write("chapters/01-the-journey.md", "# The journey\n")
        let fresh = try CourseMap(course: temporary.course, progress: LearnerProgress()).render()
        #expect(fresh.contains("Start here: chapter 1"))
        #expect(fresh.contains("run    swift run workshop tour"))
        #expect(fresh.range(of: "Start here")!.lowerBound < fresh.range(of: "Next: exercise 9.1")!.lowerBound)
        var progress = LearnerProgress()
        progress.passed["9.1"] = false
        #expect(!(try CourseMap(course: temporary.course, progress: progress).render().contains("Start here")))
    }

    @Test("Verify reports a missing marker, too few hints and missing folders")
    func structure() throws {
        let temporary = try course()
        let verifier = Verifier(course: temporary.course)
        let exercises = try temporary.course.exercises()
        let first = verifier.structureProblems(of: exercises[0])
        #expect(first.contains { $0.contains("Solutions") && $0.contains("reference solution") })
        #expect(first.contains { $0.contains("Tests") && $0.contains("answer tests") })
        #expect(!first.contains { $0.contains("marker") })
        let second = verifier.structureProblems(of: exercises[1])
        #expect(second.count == 1 && second[0].contains("no folder 9.2-<name>"))

        try temporary.write("exercises/09-sessions/Sources/9.1-count/Count.swift", "// nothing to do here\n")
        let unmarked = verifier.structureProblems(of: try temporary.course.exercises()[0])
        #expect(unmarked.contains { $0.contains("no 'TODO(9.1)' marker") })
    }
}
