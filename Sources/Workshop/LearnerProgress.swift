import Foundation

/// What the workshop remembers between runs, per learner: the result of each exercise's last check,
/// when that was, how many of its hints have been shown, and the rebuild track's stages. Kept in
/// `exercises/.workshop/progress.json`, which git ignores, so every learner's clone has its own.
package struct LearnerProgress: Codable, Sendable, Equatable {
    package var passed: [String: Bool] = [:]
    package var hintsShown: [String: Int] = [:]
    package var lastChecked: [String: Date] = [:]
    /// The rebuild track: per chapter (`"2"`), each stage's outcome at its last check (`"1": true`).
    package var rebuildStages: [String: [String: Bool]] = [:]
    /// When each rebuilt chapter was last checked.
    package var rebuildChecked: [String: Date] = [:]

    package init() {}

    package init(from decoder: any Decoder) throws {
        // Files written before `lastChecked` existed still load.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        passed = try container.decodeIfPresent([String: Bool].self, forKey: .passed) ?? [:]
        hintsShown = try container.decodeIfPresent([String: Int].self, forKey: .hintsShown) ?? [:]
        lastChecked = try container.decodeIfPresent([String: Date].self, forKey: .lastChecked) ?? [:]
        rebuildStages = try container.decodeIfPresent([String: [String: Bool]].self, forKey: .rebuildStages) ?? [:]
        rebuildChecked = try container.decodeIfPresent([String: Date].self, forKey: .rebuildChecked) ?? [:]
    }

    static func file(in course: Course) -> URL {
        course.exercisesFolder.appendingPathComponent(".workshop/progress.json")
    }

    /// The saved progress, or a fresh start when there is none (or it cannot be read).
    package static func load(for course: Course) -> LearnerProgress {
        guard let data = try? Data(contentsOf: file(in: course)) else { return LearnerProgress() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(LearnerProgress.self, from: data)) ?? LearnerProgress()
    }

    package func save(for course: Course) throws {
        let file = Self.file(in: course)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(self).write(to: file, options: .atomic)
    }

    package func hasPassed(_ id: ExerciseID) -> Bool? { passed[id.description] }
    package func hintsShown(for id: ExerciseID) -> Int { hintsShown[id.description] ?? 0 }

    /// Records a check's outcome; the hints are left as they were (showing one is the learner's choice).
    package mutating func record(_ id: ExerciseID, passed: Bool, at date: Date) {
        self.passed[id.description] = passed
        lastChecked[id.description] = date
    }

    /// Chapter `chapter`'s stages at their last check: stage number → passed.
    package func rebuildStages(chapter: Int) -> [Int: Bool] {
        Dictionary(
            uniqueKeysWithValues: (rebuildStages[String(chapter)] ?? [:]).compactMap { key, value in
                Int(key).map { ($0, value) }
            })
    }

    package mutating func recordRebuild(chapter: Int, stage: Int, passed: Bool, at date: Date) {
        rebuildStages[String(chapter), default: [:]][String(stage)] = passed
        rebuildChecked[String(chapter)] = date
    }
}
