import Foundation
import Testing
@testable import Workshop

@Suite("Progress, reset and solution")
struct LearnerCommandsTests {
    @Test("Progress as JSON has a stable format: each exercise's state, hints used and last check")
    func progressJSON() throws {
        let temporary = try CheckTests.course()
        var progress = LearnerProgress()
        progress.record(CheckTests.first, passed: true, at: Date(timeIntervalSince1970: 1_800_000_000))
        progress.hintsShown["2.1"] = 1
        let report = try ProgressReport(course: temporary.course, progress: progress, learner: "ada")
        let json = try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any]
        #expect(json?["format"] as? Int == 1)
        #expect(json?["learner"] as? String == "ada")
        let exercises = json?["exercises"] as? [[String: Any]] ?? []
        #expect(exercises.count == 2)
        #expect(exercises.first?["id"] as? String == "2.1")
        #expect(exercises.first?["state"] as? String == "passed")
        #expect(exercises.first?["hintsUsed"] as? Int == 1)
        #expect(exercises.first?["hintsAvailable"] as? Int == 2)
        #expect(exercises.first?["lastChecked"] as? String == "2027-01-15T08:00:00Z")
        #expect(exercises.last?["state"] as? String == "unchecked")
        #expect(exercises.last?["lastChecked"] == nil)
        #expect(report.table(terminal: .plain).contains("1 of 2 exercises passed at their last check (ada)."))
    }

    @Test("A progress file from before last-checked times still loads")
    func oldProgressFile() throws {
        let temporary = try CheckTests.course()
        try temporary.write(
            "exercises/.workshop/progress.json", #"{"passed": {"2.1": true}, "hintsShown": {"2.1": 2}}"#)
        let progress = LearnerProgress.load(for: temporary.course)
        #expect(progress.hasPassed(CheckTests.first) == true)
        #expect(progress.hintsShown(for: CheckTests.first) == 2)
    }

    @Test("The solution opens once the tests pass or every hint is seen")
    func solutionGate() throws {
        let temporary = try CheckTests.course()
        let files = ExerciseFiles(course: temporary.course, exercise: try temporary.course.exercise(CheckTests.first))
        var progress = LearnerProgress()
        #expect(files.solutionWithheld(progress: progress)?.contains("2 left") == true)
        progress.hintsShown["2.1"] = 2
        #expect(files.solutionWithheld(progress: progress) == nil)
        progress = LearnerProgress()
        progress.record(CheckTests.first, passed: true, at: Date())
        #expect(files.solutionWithheld(progress: progress) == nil)
    }

    @Test("Reset puts the stub back as committed, removes new files, and keeps a copy of the learner's")
    func reset() throws {
        let temporary = try CheckTests.course()
        let git = { (arguments: [String]) throws in
            let result = try Shell.run(
                ["git", "-c", "user.name=t", "-c", "user.email=t@t"] + arguments, in: temporary.root)
            #expect(result.succeeded, "\(result.output)")
        }
        try git(["init", "-q"])
        try git(["add", "-A"])
        try git(["commit", "-qm", "stubs"])
        let files = ExerciseFiles(course: temporary.course, exercise: try temporary.course.exercise(CheckTests.first))
        #expect(try !files.isEdited())

        try temporary.write("exercises/02-strings/Sources/2.1-first/First.swift", "my attempt\n")
        try temporary.write("exercises/02-strings/Sources/2.1-first/Extra.swift", "more of mine\n")
        #expect(try files.isEdited())
        let backup = try files.reset()
        #expect(try temporary.read("exercises/02-strings/Sources/2.1-first/First.swift") == "// TODO(2.1)\n")
        #expect(
            !FileManager.default.fileExists(
                atPath: temporary.root.appendingPathComponent("exercises/02-strings/Sources/2.1-first/Extra.swift").path
            ))
        #expect(try String(contentsOf: backup.appendingPathComponent("First.swift"), encoding: .utf8) == "my attempt\n")
        #expect(
            try String(contentsOf: backup.appendingPathComponent("Extra.swift"), encoding: .utf8) == "more of mine\n")
        #expect(try !files.isEdited())
    }

    @Test("The solution diff goes from the learner's code to the reference")
    func solutionDiff() throws {
        let temporary = try CheckTests.course()
        try temporary.write("exercises/02-strings/Solutions/2.1-first/First.swift", "let answer = 42\n")
        let files = ExerciseFiles(course: temporary.course, exercise: try temporary.course.exercise(CheckTests.first))
        let diff = try files.solutionDiff(color: false)
        #expect(diff.contains("-// TODO(2.1)"))
        #expect(diff.contains("+let answer = 42"))
        #expect(diff.contains("02-strings/Solutions/2.1-first/First.swift"))
    }
}
