import Foundation

/// `workshop progress`: one learner's state of every exercise and of the rebuild track's stages, as
/// a table for the learner and as JSON for an instructor who collects a room's files. The JSON
/// format is documented in `chapters/INSTRUCTORS.md`; `format` changes only when a field changes
/// meaning or goes away.
package struct ProgressReport: Codable, Sendable, Equatable {
    package static let currentFormat = 1

    package struct Entry: Codable, Sendable, Equatable {
        /// `2.1`.
        package var id: String
        package var title: String
        /// `passed`, `failed` (at the last check) or `unchecked`.
        package var state: String
        package var hintsUsed: Int
        package var hintsAvailable: Int
        /// When it was last checked, ISO 8601 in UTC; absent when never.
        package var lastChecked: Date?
    }

    /// One chapter of the rebuild track that the learner has checked at least once.
    package struct RebuildEntry: Codable, Sendable, Equatable {
        package struct Stage: Codable, Sendable, Equatable {
            package var number: Int
            package var title: String
            /// `passed`, `failed` (at the last check that ran it) or `unchecked`.
            package var state: String
        }

        package var chapter: Int
        /// The module being rebuilt: `QueryStrings`.
        package var module: String
        package var stages: [Stage]
        /// When the chapter was last checked, ISO 8601 in UTC.
        package var lastChecked: Date?

        /// How many stages pass, counting from stage 1 without a gap.
        package var stagesPassed: Int { stages.prefix { $0.state == "passed" }.count }
    }

    package var format: Int
    /// Who this is: the `WORKSHOP_LEARNER` variable, or the login name.
    package var learner: String
    package var exercises: [Entry]
    /// The rebuild track, one entry per chapter checked at least once (`workshop rebuild check`).
    package var rebuild: [RebuildEntry]

    package init(course: Course, progress: LearnerProgress, learner: String) throws {
        format = Self.currentFormat
        self.learner = learner
        exercises = try course.exercises().map { exercise in
            let key = exercise.id.description
            let state =
                switch progress.passed[key] {
                case true?: "passed"
                case false?: "failed"
                case nil: "unchecked"
                }
            return Entry(
                id: key, title: exercise.title, state: state,
                hintsUsed: min(progress.hintsShown(for: exercise.id), exercise.hints.count),
                hintsAvailable: exercise.hints.count, lastChecked: progress.lastChecked[key])
        }
        rebuild = try RebuildChapter.all(in: course).compactMap { chapter -> RebuildEntry? in
            let states = progress.rebuildStages(chapter: chapter.number)
            guard !states.isEmpty else { return nil }
            // A stage file that cannot be read still leaves the stages the learner checked.
            let plan = try? StagePlan.load(for: chapter, course: course)
            let count = max(plan?.stages.count ?? 0, states.keys.max() ?? 0)
            let stages = (1...count).map { number in
                RebuildEntry.Stage(
                    number: number, title: plan?.stages.first { $0.number == number }?.title ?? "",
                    state: states[number].map { $0 ? "passed" : "failed" } ?? "unchecked")
            }
            return RebuildEntry(
                chapter: chapter.number, module: chapter.module, stages: stages,
                lastChecked: progress.rebuildChecked[String(chapter.number)])
        }
    }

    package static var learnerName: String {
        let environment = ProcessInfo.processInfo.environment
        return environment["WORKSHOP_LEARNER"] ?? environment["USER"] ?? environment["LOGNAME"] ?? "unknown"
    }

    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    package func table(terminal: Terminal) -> String {
        let formatter = ISO8601DateFormatter()
        var lines = ["exercise  state      hints  last checked (UTC)    title"]
        for entry in exercises {
            let mark =
                switch entry.state {
                case "passed": terminal.green("passed   ")
                case "failed": terminal.red("failed   ")
                default: terminal.dim("unchecked")
                }
            let hints = "\(entry.hintsUsed)/\(entry.hintsAvailable)".padding(toLength: 5, withPad: " ", startingAt: 0)
            let when = entry.lastChecked.map { formatter.string(from: $0) } ?? "-"
            lines.append(
                "\(entry.id.padding(toLength: 8, withPad: " ", startingAt: 0))  \(mark)  \(hints)  \(when.padding(toLength: 20, withPad: " ", startingAt: 0))  \(entry.title)"
            )
        }
        let passed = exercises.filter { $0.state == "passed" }.count
        lines.append("")
        lines.append("\(passed) of \(exercises.count) exercises passed at their last check (\(learner)).")
        if !rebuild.isEmpty {
            lines += ["", "rebuild   stages    last checked (UTC)    module"]
            for entry in rebuild {
                let marks = entry.stages.map { stage in
                    switch stage.state {
                    case "passed": terminal.green("✔")
                    case "failed": terminal.red("✘")
                    default: terminal.dim("·")
                    }
                }.joined()
                let when = entry.lastChecked.map { formatter.string(from: $0) } ?? "-"
                let stages = "\(entry.stagesPassed) of \(entry.stages.count)"
                lines.append(
                    "chapter \(String(entry.chapter).padding(toLength: 2, withPad: " ", startingAt: 0))"
                        + stages.padding(toLength: 10, withPad: " ", startingAt: 0)
                        + "\(when.padding(toLength: 20, withPad: " ", startingAt: 0))  \(entry.module)  \(marks)")
            }
            lines.append("")
            lines.append("Stages passed in order, from stage 1 (`swift run workshop rebuild check N`).")
        }
        return lines.joined(separator: "\n")
    }
}
