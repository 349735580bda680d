import Foundation

/// The text of `swift run workshop`: every chapter, its exercises with their state, and the one
/// thing to do next.
package struct CourseMap {
    package let course: Course
    package let progress: LearnerProgress

    package init(course: Course, progress: LearnerProgress) {
        self.course = course
        self.progress = progress
    }

    package func render() throws -> String {
        let chapters = try course.chapters()
        var lines = ["AFNetworking from the inside: the course map", ""]
        for chapter in chapters {
            lines.append("Chapter \(chapter.number): \(chapter.title)    \(course.relative(chapter.file))")
            if chapter.number == 1 { lines.append("  the tour, no exercises: swift run workshop tour") }
            for exercise in chapter.exercises {
                let mark =
                    switch progress.hasPassed(exercise.id) {
                    case true?: "✔"
                    case false?: "✘"
                    case nil: "·"
                    }
                lines.append("  \(mark) \(exercise.id)  \(exercise.title)")
            }
            lines.append("")
        }
        lines.append("✔ passed at the last check   ✘ failed at the last check   · not checked yet")
        lines.append("")
        lines += nextStep(in: chapters)
        lines.append("")
        lines += rebuildTrack()
        return lines.joined(separator: "\n")
    }

    /// The rebuild track: where the learner is in each chapter they started, or how to start.
    func rebuildTrack() -> [String] {
        let started = ((try? RebuildChapter.all(in: course)) ?? []).filter {
            !progress.rebuildStages(chapter: $0.number).isEmpty
        }
        guard !started.isEmpty else {
            return [
                "Rebuild it yourself: write a chapter's module from its bare signatures, checked by the chapter's own tests",
                "  start  swift run workshop rebuild 2   (the README's \"Rebuild it yourself\")",
            ]
        }
        var lines = ["Rebuilding:"]
        for chapter in started {
            let passed = progress.rebuildStages(chapter: chapter.number)
            let total = (try? StagePlan.load(for: chapter, course: course).stages.count) ?? passed.count
            let done = (1...max(total, 1)).prefix { passed[$0] == true }.count
            lines.append(
                "  chapter \(chapter.number), \(chapter.module): \(done) of \(total) stages pass   swift run workshop rebuild check \(chapter.number)"
            )
        }
        return lines
    }

    /// The first exercise not yet passed, and exactly what to do about it.
    func nextStep(in chapters: [Chapter]) -> [String] {
        guard chapters.contains(where: { !$0.exercises.isEmpty }) else {
            return ["No exercises yet: read the chapters above."]
        }
        guard let exercise = chapters.flatMap(\.exercises).first(where: { progress.hasPassed($0.id) != true }),
            let chapter = chapters.first(where: { $0.number == exercise.id.chapter })
        else {
            return [
                "Every exercise passed at its last check. Well done! `swift run workshop check` runs them all again."
            ]
        }
        var lines: [String] = []
        // A reader who has checked nothing yet starts with the tour: the whole journey first.
        if let tour = chapters.first(where: { $0.number == 1 }),
            chapters.flatMap(\.exercises).allSatisfy({ progress.hasPassed($0.id) == nil })
        {
            lines += [
                "Start here: chapter 1, one request from the call to the callback",
                "  read   \(course.relative(tour.file))",
                "  run    swift run workshop tour", "",
            ]
        }
        lines.append("Next: exercise \(exercise.id), \(exercise.title)")
        if exercise.id.number == 1 && progress.hasPassed(exercise.id) == nil {
            lines.append("  read   \(course.relative(chapter.file))")
        }
        lines.append(
            "  task   \(course.relative(exercise.chapterFolder.appendingPathComponent("README.md"))), section \"Exercise \(exercise.id)\""
        )
        for file in filesToEdit(exercise) {
            lines.append("  edit   \(course.relative(file))")
        }
        lines.append("  check  swift run workshop check \(exercise.id)")
        lines.append("  stuck? swift run workshop hint \(exercise.id)")
        return lines
    }

    /// The stub files that carry the exercise's TODO marker.
    func filesToEdit(_ exercise: ExerciseGuide) -> [URL] {
        guard let folder = exercise.stubFolder,
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects
                as? [URL]
        else { return [] }
        let marked = files.filter {
            (try? String(contentsOf: $0, encoding: .utf8))?.contains("TODO(\(exercise.id))") == true
        }
        return (marked.isEmpty ? files : marked).sorted { $0.path < $1.path }
    }
}
