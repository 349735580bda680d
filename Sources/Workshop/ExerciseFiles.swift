import Foundation

/// The learner's files of one exercise: putting the stub back, and comparing them with the solution.
package struct ExerciseFiles {
    package let course: Course
    package let exercise: ExerciseGuide

    package init(course: Course, exercise: ExerciseGuide) {
        self.course = course
        self.exercise = exercise
    }

    private var stubFolder: URL {
        get throws {
            guard let folder = exercise.stubFolder else {
                throw WorkshopError("exercise \(exercise.id) has no folder in Sources")
            }
            return folder
        }
    }

    /// Whether the learner's files differ from the stub as committed (or the folder has new files).
    package func isEdited() throws -> Bool {
        let result = try Shell.run(["git", "status", "--porcelain", "--", try stubFolder.path], in: course.root)
        guard result.succeeded else { throw WorkshopError("reset needs the course as a git clone: \(result.output)") }
        return !result.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Copies the learner's folder to `exercises/.workshop/backups/<id>-<time>` and puts the stub
    /// back exactly as committed (edited files restored, new files removed). Returns the backup.
    @discardableResult
    package func reset(now: Date = Date()) throws -> URL {
        let folder = try stubFolder
        let stamp = ISO8601DateFormatter().string(from: now).replacingOccurrences(of: ":", with: "-")
        let backup = course.exercisesFolder.appendingPathComponent(".workshop/backups/\(exercise.id)-\(stamp)")
        try FileManager.default.createDirectory(
            at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder, to: backup)
        for command in [["git", "checkout", "HEAD", "--", folder.path], ["git", "clean", "-fdq", "--", folder.path]] {
            let result = try Shell.run(command, in: course.root)
            guard result.succeeded else {
                throw WorkshopError(
                    "`\(command.joined(separator: " "))` failed; your files are safe in \(course.relative(backup)):\n\(result.output)"
                )
            }
        }
        return backup
    }

    /// The solution is offered once the learner has earned a look: the tests pass, or every hint
    /// has been seen. Nil when it may be shown; otherwise what to do first.
    package func solutionWithheld(progress: LearnerProgress) -> String? {
        if progress.hasPassed(exercise.id) == true || progress.hintsShown(for: exercise.id) >= exercise.hints.count {
            return nil
        }
        let left = exercise.hints.count - progress.hintsShown(for: exercise.id)
        return
            "Not yet: the solution opens once `swift run workshop check \(exercise.id)` passes, or after the last hint "
            + "(\(left) left: `swift run workshop hint \(exercise.id)`)."
    }

    /// `git diff` from the learner's files to the reference solution, paths relative to `exercises/`.
    package func solutionDiff(color: Bool) throws -> String {
        guard let stub = exercise.stubFolder, let solution = exercise.solutionFolder else {
            throw WorkshopError("exercise \(exercise.id) has no solution folder")
        }
        let relative = { (url: URL) in String(self.course.relative(url).dropFirst("exercises/".count)) }
        let result = try Shell.run(
            [
                "git", "diff", "--no-index", "--color=\(color ? "always" : "never")", "--", relative(stub),
                relative(solution),
            ],
            in: course.exercisesFolder)
        // `git diff --no-index` exits 1 when the folders differ: that is the answer, not a failure.
        guard result.status <= 1 else { throw WorkshopError("git diff failed:\n\(result.output)") }
        return result.output
    }
}
