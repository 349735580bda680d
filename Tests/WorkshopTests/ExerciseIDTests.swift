import Testing
@testable import Workshop

@Suite("Exercise numbers and selections")
struct ExerciseIDTests {
    @Test("2.1 reads as chapter 2, exercise 1, and names its modules")
    func parsing() throws {
        let id = try #require(ExerciseID("2.1"))
        #expect(id == ExerciseID(chapter: 2, number: 1))
        #expect(id.moduleName == "Chapter02Exercise1")
        #expect(id.testModuleName == "Chapter02Exercise1Tests")
        #expect(ExerciseID("10.3")?.moduleName == "Chapter10Exercise3")
    }

    @Test(
        "Anything but two positive numbers around one dot is not an exercise number",
        arguments: ["2", "2.", ".1", "a.b", "0.1", "2.1.1", ""])
    func rejects(text: String) {
        #expect(ExerciseID(text) == nil)
    }

    @Test("A selection is everything, a chapter or one exercise")
    func selections() {
        #expect(ExerciseSelection(nil) == .all)
        #expect(ExerciseSelection("2") == .chapter(2))
        #expect(ExerciseSelection("2.3") == .exercise(ExerciseID(chapter: 2, number: 3)))
        #expect(ExerciseSelection("two") == nil)
        #expect(ExerciseSelection("2")?.contains(ExerciseID(chapter: 2, number: 4)) == true)
        #expect(ExerciseSelection("2")?.contains(ExerciseID(chapter: 3, number: 1)) == false)
    }

    @Test("A selection tells the exercises manifest which exercises to build")
    func manifestValues() {
        #expect(ExerciseSelection.all.manifestValue == "")
        #expect(ExerciseSelection.chapter(2).manifestValue == "2")
        #expect(ExerciseSelection.exercise(ExerciseID(chapter: 2, number: 3)).manifestValue == "2.3")
        #expect(
            ExerciseSelection.exercises([ExerciseID(chapter: 2, number: 1), ExerciseID(chapter: 2, number: 4)])
                .manifestValue == "2.1,2.4")
    }
}
