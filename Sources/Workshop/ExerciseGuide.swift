import Foundation

/// One exercise as its chapter's `README.md` describes it, and where its files are.
///
/// The README's format is the contract between authors and this tool:
///
///     ## Exercise 2.1: Predict the query string
///     …the task…
///     <details><summary>Hint 1</summary>
///     …a question first…
///     </details>
///
/// The exercise's files are the folders named `2.1-<something>` inside the chapter's `Sources`,
/// `Solutions`, `Tests` and (optional) `KnownBad` folders.
package struct ExerciseGuide: Sendable {
    package var id: ExerciseID
    package var title: String
    package var hints: [String]
    /// The chapter's exercises folder, e.g. `exercises/02-query-strings`.
    package var chapterFolder: URL
    /// `2.1-predict`, or nil when no such folder exists in `Sources`.
    package var folderName: String?

    package var stubFolder: URL? { folderName.map { chapterFolder.appendingPathComponent("Sources/\($0)") } }
    package var solutionFolder: URL? { folderName.map { chapterFolder.appendingPathComponent("Solutions/\($0)") } }
    package var testsFolder: URL? { folderName.map { chapterFolder.appendingPathComponent("Tests/\($0)") } }
    /// Where its known-bad attempts are kept, one patch each (see `KnownBadAttempt`).
    package var knownBadFolder: URL? { folderName.map { chapterFolder.appendingPathComponent("KnownBad/\($0)") } }

    /// The exercises described by a chapter's README.
    static func parse(readme: String, chapterFolder: URL) throws -> [ExerciseGuide] {
        let folders = try contents(of: chapterFolder.appendingPathComponent("Sources")).map(\.lastPathComponent)
        var guides: [ExerciseGuide] = []
        for section in readme.components(separatedBy: "\n## Exercise ").dropFirst() {
            let heading = section.prefix { $0 != "\n" }
            guard let colon = heading.firstIndex(of: ":"), let id = ExerciseID(heading[..<colon]) else { continue }
            let title = heading[heading.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guides.append(
                ExerciseGuide(
                    id: id,
                    title: title,
                    hints: hints(in: section),
                    chapterFolder: chapterFolder,
                    folderName: folders.first { $0.hasPrefix("\(id)-") }
                ))
        }
        return guides
    }

    /// The text of each `<details><summary>Hint N</summary> … </details>` block, in order.
    static func hints(in section: String) -> [String] {
        section.components(separatedBy: "<details><summary>Hint").dropFirst().compactMap { block in
            guard let start = block.range(of: "</summary>"), let end = block.range(of: "</details>") else { return nil }
            return block[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
