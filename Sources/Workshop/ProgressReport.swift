import Foundation

/// `workshop progress`: one learner's state of every exercise, as a table for the learner and as
/// JSON for an instructor who collects a room's files. The JSON format is documented in
/// `chapters/INSTRUCTORS.md`; `format` changes only when a field changes meaning or goes away.
public struct ProgressReport: Codable, Sendable, Equatable {
    public static let currentFormat = 1

    public struct Entry: Codable, Sendable, Equatable {
        /// `2.1`.
        public var id: String
        public var title: String
        /// `passed`, `failed` (at the last check) or `unchecked`.
        public var state: String
        public var hintsUsed: Int
        public var hintsAvailable: Int
        /// When it was last checked, ISO 8601 in UTC; absent when never.
        public var lastChecked: Date?
    }

    public var format: Int
    /// Who this is: the `WORKSHOP_LEARNER` variable, or the login name.
    public var learner: String
    public var exercises: [Entry]

    public init(course: Course, progress: LearnerProgress, learner: String) throws {
        format = Self.currentFormat
        self.learner = learner
        exercises = try course.exercises().map { exercise in
            let key = exercise.id.description
            let state = switch progress.passed[key] {
            case true?: "passed"
            case false?: "failed"
            case nil: "unchecked"
            }
            return Entry(id: key, title: exercise.title, state: state, hintsUsed: min(progress.hintsShown(for: exercise.id), exercise.hints.count),
                         hintsAvailable: exercise.hints.count, lastChecked: progress.lastChecked[key])
        }
    }

    public static var learnerName: String {
        let environment = ProcessInfo.processInfo.environment
        return environment["WORKSHOP_LEARNER"] ?? environment["USER"] ?? environment["LOGNAME"] ?? "unknown"
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    public func table(terminal: Terminal) -> String {
        let formatter = ISO8601DateFormatter()
        var lines = ["exercise  state      hints  last checked (UTC)    title"]
        for entry in exercises {
            let mark = switch entry.state {
            case "passed": terminal.green("passed   ")
            case "failed": terminal.red("failed   ")
            default: terminal.dim("unchecked")
            }
            let hints = "\(entry.hintsUsed)/\(entry.hintsAvailable)".padding(toLength: 5, withPad: " ", startingAt: 0)
            let when = entry.lastChecked.map { formatter.string(from: $0) } ?? "-"
            lines.append("\(entry.id.padding(toLength: 8, withPad: " ", startingAt: 0))  \(mark)  \(hints)  \(when.padding(toLength: 20, withPad: " ", startingAt: 0))  \(entry.title)")
        }
        let passed = exercises.filter { $0.state == "passed" }.count
        lines.append("")
        lines.append("\(passed) of \(exercises.count) exercises passed at their last check (\(learner)).")
        return lines.joined(separator: "\n")
    }
}
