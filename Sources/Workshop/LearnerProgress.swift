import Foundation

/// What the workshop remembers between runs, per learner: the result of each exercise's last check,
/// when that was, and how many of its hints have been shown. Kept in
/// `exercises/.workshop/progress.json`, which git ignores, so every learner's clone has its own.
public struct LearnerProgress: Codable, Sendable, Equatable {
    public var passed: [String: Bool] = [:]
    public var hintsShown: [String: Int] = [:]
    public var lastChecked: [String: Date] = [:]

    public init() {}

    public init(from decoder: any Decoder) throws {
        // Files written before `lastChecked` existed still load.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        passed = try container.decodeIfPresent([String: Bool].self, forKey: .passed) ?? [:]
        hintsShown = try container.decodeIfPresent([String: Int].self, forKey: .hintsShown) ?? [:]
        lastChecked = try container.decodeIfPresent([String: Date].self, forKey: .lastChecked) ?? [:]
    }

    static func file(in course: Course) -> URL {
        course.exercisesFolder.appendingPathComponent(".workshop/progress.json")
    }

    /// The saved progress, or a fresh start when there is none (or it cannot be read).
    public static func load(for course: Course) -> LearnerProgress {
        guard let data = try? Data(contentsOf: file(in: course)) else { return LearnerProgress() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(LearnerProgress.self, from: data)) ?? LearnerProgress()
    }

    public func save(for course: Course) throws {
        let file = Self.file(in: course)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(self).write(to: file, options: .atomic)
    }

    public func hasPassed(_ id: ExerciseID) -> Bool? { passed[id.description] }
    public func hintsShown(for id: ExerciseID) -> Int { hintsShown[id.description] ?? 0 }

    /// Records a check's outcome; the hints are left as they were (showing one is the learner's choice).
    public mutating func record(_ id: ExerciseID, passed: Bool, at date: Date) {
        self.passed[id.description] = passed
        lastChecked[id.description] = date
    }
}
