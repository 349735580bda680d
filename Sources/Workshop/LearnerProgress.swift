import Foundation

/// What the workshop remembers between runs, per learner: the result of each exercise's last check
/// and how many of its hints have been shown. Kept in `exercises/.workshop/progress.json`, which git
/// ignores, so every learner's clone has its own.
public struct LearnerProgress: Codable, Sendable {
    public var passed: [String: Bool] = [:]
    public var hintsShown: [String: Int] = [:]

    public init() {}

    static func file(in course: Course) -> URL {
        course.exercisesFolder.appendingPathComponent(".workshop/progress.json")
    }

    /// The saved progress, or a fresh start when there is none (or it cannot be read).
    public static func load(for course: Course) -> LearnerProgress {
        guard let data = try? Data(contentsOf: file(in: course)) else { return LearnerProgress() }
        return (try? JSONDecoder().decode(LearnerProgress.self, from: data)) ?? LearnerProgress()
    }

    public func save(for course: Course) throws {
        let file = Self.file(in: course)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: file, options: .atomic)
    }

    public func hasPassed(_ id: ExerciseID) -> Bool? { passed[id.description] }
    public func hintsShown(for id: ExerciseID) -> Int { hintsShown[id.description] ?? 0 }
}
