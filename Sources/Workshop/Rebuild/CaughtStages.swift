import Foundation

/// The stage that caught each of a chapter's wrong modules the last time `rebuild verify` judged
/// it, kept beside the patches as `WrongModules/caught-stages.txt` and committed with them.
///
/// Why: judged in order, a wrong module caught at stage 7 costs seven test runs, each a launch of
/// the chapter's test binary; run first, the stage that caught it last time usually catches it
/// again, in one. Chapter 12 has close to a hundred wrong modules and nine stages, so this is most
/// of CI's time in the rebuild track. A line out of date costs time, never a verdict: when the
/// stage named passes, the others still run, in order.
struct CaughtStages: Equatable {
    static let fileName = "caught-stages.txt"

    /// By the wrong module's `key` (`unsorted-keys`, `PinnedTransport/verification-off`).
    var stages: [String: Int] = [:]

    static func file(for chapter: RebuildChapter) -> URL {
        chapter.testsFolder.appendingPathComponent(WrongModule.folderName).appendingPathComponent(fileName)
    }

    /// The chapter's record; empty when there is none, or for any line it cannot read.
    static func read(for chapter: RebuildChapter) -> CaughtStages {
        guard let text = try? String(contentsOf: file(for: chapter), encoding: .utf8) else { return CaughtStages() }
        var record = CaughtStages()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let stage = Int(fields[1]) { record.stages[String(fields[0])] = stage }
        }
        return record
    }

    /// Records the stages of the wrong modules just judged (nil: caught by none) in the chapter's
    /// file, read again now: two verifiers may judge different wrong modules of one chapter at
    /// once. Only the wrong modules the chapter still has are kept; the file is written only when
    /// it changes.
    static func update(for chapter: RebuildChapter, with judged: [String: Int?]) throws {
        let current = read(for: chapter).stages
        var stages = current
        for (key, stage) in judged { stages[key] = stage }
        let existing = Set(try WrongModule.all(of: chapter).map(\.key))
        let kept = stages.filter { existing.contains($0.key) }
        guard kept != current else { return }
        let header = """
            # The stage that caught each wrong module of this folder the last time `workshop rebuild verify`
            # judged it, written by verify: commit it with the patches. Verify runs that stage first, so
            # that a wrong module costs one run of the tests, not one per stage before it; a line out of
            # date costs time, never a verdict (CONTRIBUTING.md, "Wrong modules").

            """
        let lines = kept.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }
        try (header + lines.joined()).write(to: file(for: chapter), atomically: true, encoding: .utf8)
    }
}
