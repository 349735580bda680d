import Foundation

/// An exercise never asks for code its chapter prints: one that does teaches transcription. The
/// copy check compares the code each reference solution adds to its stub with every block of
/// Swift or C in the exercise's chapter, and refuses a solution when too much of what it adds is
/// printed there.
///
/// How: both sides become tokens with every name and literal replaced by a placeholder
/// (`CodeTokens`), so that renaming hides nothing. The code a solution adds is the lines of its
/// files that the stub's files do not have (a line-by-line diff of the tokens). The added tokens
/// are then tiled with the chapter's blocks (greedy string tiling, as plagiarism detectors such as
/// JPlag do): the longest common run of tokens is marked, then the longest among what is left,
/// and so on, as long as a run is at least `minimumRun` tokens long. The share of the added tokens
/// that some run covers is the verdict.
///
/// Why these two numbers, measured on the course's 37 exercises as they were before the review
/// that asked for this check (`workshop verify --copies` prints every figure):
///
/// - A run counts from 16 tokens, about two lines of code. With names and literals gone, shorter
///   runs are idioms every Swift programmer writes: `guard let I = I else { return nil }` is 10
///   tokens, and `var I: [I] = [] for (I, I) in I.` (16) matched a listing by chance in 3.4's
///   solution. At 12 tokens, chance runs alone covered 38 % of a short honest solution (2.3's).
/// - A solution fails when a third or more of what it adds lies in such runs. The solutions that
///   restated a listing of their chapter scored from 35 % to 60 % (3.4, 4.3, 5.2, 6.2, 7.1, 7.5,
///   10.2, 11.3), one more 33 % (4.4); the highest of the others 29 % (9.1). A third keeps a margin
///   above every solution that was not a copy.
///
/// What it cannot judge: a fix of a few tokens (a one-word bug fix) is shorter than any run, so it
/// always passes, and a chapter that prints the idea in another shape (a stack where the exercise
/// recurses) passes too. Whether such an exercise asks for what its chapter prints is for its
/// author and reviewers to judge; the check keeps transcription from coming back.
package struct CopyCheck: Sendable {
    package let course: Course
    package init(course: Course) { self.course = course }

    /// The shortest run of tokens that counts as copied.
    package static let minimumRun = 16
    /// The share of the added tokens, in runs of at least `minimumRun`, from which a solution fails.
    package static let maximumShare = 1.0 / 3.0

    /// A block of the chapter that holds copied runs, and how many of the added tokens it covers.
    package struct Source: Sendable, Equatable {
        package var block: String
        package var tokens: Int
    }

    /// What the check makes of one exercise.
    package struct Verdict: Sendable {
        package var exercise: ExerciseID
        /// The tokens the solution adds to its stub.
        package var addedTokens: Int
        /// How many of them lie in runs of at least `minimumRun` tokens found in the chapter.
        package var copiedTokens: Int
        /// The longest such run.
        package var longestRun: Int
        /// The chapter's blocks the runs come from, most tokens first.
        package var sources: [Source]
        /// Each run, in the order of the solution: its block, and its tokens as compared (names
        /// and literals replaced), for an author who wants to see what matched.
        package var runs: [(block: String, tokens: String)]

        package var share: Double { addedTokens == 0 ? 0 : Double(copiedTokens) / Double(addedTokens) }
        package var isCopy: Bool { share >= CopyCheck.maximumShare }

        /// "2.3: 61 % of the code its solution adds (130 of 213 tokens) …", for verify's report.
        package var summary: String {
            let percent = Int((share * 100).rounded())
            let from = sources.map { "\($0.block) (\($0.tokens) tokens)" }.joined(separator: ", ")
            return
                "\(exercise): \(percent) % of the code its solution adds to the stub (\(copiedTokens) of \(addedTokens) tokens, "
                + "names ignored) is printed in its chapter" + (from.isEmpty ? "" : ": \(from)")
                + "; longest run \(longestRun) tokens"
        }
    }

    /// The verdict on `exercise`: its solution's added code against its chapter's blocks.
    package func verdict(for exercise: ExerciseGuide) throws -> Verdict {
        let added = Self.addedTokens(
            stub: try Self.sourceFiles(in: exercise.stubFolder),
            solution: try Self.sourceFiles(in: exercise.solutionFolder))
        let chapter = course.chaptersFolder.appendingPathComponent(exercise.chapterFolder.lastPathComponent + ".md")
        let text = (try? String(contentsOf: chapter, encoding: .utf8)) ?? ""
        let blocks = Self.codeBlocks(inChapter: text)
        let compared = CodeTokens.normalised(added)
        let tiling = Self.tile(
            compared, against: blocks.map { CodeTokens.normalised(CodeTokens.lines($0.code).flatMap { $0 }) },
            minimumRun: Self.minimumRun)
        let sources = zip(blocks, tiling.coveredPerBlock)
            .filter { $0.1 > 0 }
            .map { Source(block: $0.0.name, tokens: $0.1) }
            .sorted { $0.tokens > $1.tokens }
        return Verdict(
            exercise: exercise.id, addedTokens: added.count, copiedTokens: tiling.coveredPerBlock.reduce(0, +),
            longestRun: tiling.longest, sources: sources,
            runs: tiling.tiles.map {
                (blocks[$0.block].name, compared[$0.start..<$0.start + $0.length].joined(separator: " "))
            })
    }

    /// One problem for each of `exercises` whose solution is mostly printed in its chapter.
    package func problems(for exercises: [ExerciseGuide]) throws -> [String] {
        try exercises.map(verdict).filter(\.isCopy).map { verdict in
            verdict.summary
                + ". An exercise must ask for what its chapter does not print: a variant of the rule, a prediction, "
                + "a bug to find, a constraint the chapter's code does not meet "
                + "(CONTRIBUTING.md, \"Exercises and known-bad attempts\")"
        }
    }

    // MARK: The added code

    /// The Swift and C files below `folder`, by their path relative to it.
    static func sourceFiles(in folder: URL?) throws -> [String: String] {
        guard let folder, let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        else { return [:] }
        let prefix = folder.standardizedFileURL.path + "/"
        var files: [String: String] = [:]
        for case let url as URL in enumerator where ["swift", "c", "h"].contains(url.pathExtension) {
            let path = url.standardizedFileURL.path
            files[path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent] = try String(
                contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// The tokens (as written) of the lines each solution file has and its stub file (same path)
    /// does not, in file and line order. Lines are compared as tokens, so a changed comment or
    /// layout adds nothing, while a line whose code changed, even by one name, is added whole.
    static func addedTokens(stub: [String: String], solution: [String: String]) -> [String] {
        solution.keys.sorted().flatMap { path -> [String] in
            let mine = CodeTokens.lines(solution[path] ?? "").filter { !$0.isEmpty }
            let given = CodeTokens.lines(stub[path] ?? "").filter { !$0.isEmpty }
            return addedLines(given.map { $0.joined(separator: " ") }, mine.map { $0.joined(separator: " ") })
                .flatMap { mine[$0] }
        }
    }

    /// The indices of `new`'s lines that a longest common subsequence with `old` leaves out.
    static func addedLines(_ old: [String], _ new: [String]) -> [Int] {
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var added: [Int] = []
        var (i, j) = (0, 0)
        while j < new.count {
            if i < old.count && old[i] == new[j] {
                i += 1
                j += 1
            } else if i < old.count && lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                added.append(j)
                j += 1
            }
        }
        return added
    }

    // MARK: The chapter's code

    /// Every fenced block of Swift or C in a chapter, asides included, named after the listing
    /// placed there (`listing 'composed-batches'`) or, for code written in the prose, its line.
    static func codeBlocks(inChapter text: String) -> [(name: String, code: String)] {
        // An aside is a block quote: its lines start with `>`, which the fences inside it carry too.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix(">") else { return String(line) }
            return String(trimmed.dropFirst().drop { $0 == " " })
        }
        var blocks: [(name: String, code: String)] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence == "```swift" || fence == "```c",
                let close = lines[(index + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```" }
                )
            else {
                index += 1
                continue
            }
            let directive = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            let name =
                directive.hasPrefix("<!-- listing:") && directive.hasSuffix("-->")
                ? "listing '\(directive.dropFirst("<!-- listing:".count).dropLast(3).trimmingCharacters(in: .whitespaces))'"
                : "the code at line \(index + 1)"
            blocks.append((name, lines[(index + 1)..<close].joined(separator: "\n")))
            index = close + 1
        }
        return blocks
    }

    // MARK: Tiling

    /// Greedy string tiling: marks the longest run of `added` that some block holds, then the
    /// longest run among the tokens still unmarked on both sides, and so on down to `minimumRun`.
    static func tile(_ added: [String], against blocks: [[String]], minimumRun: Int) -> Tiling {
        var covered = [Int](repeating: 0, count: blocks.count)
        var tiles: [Tile] = []
        guard minimumRun > 0, added.count >= minimumRun else {
            return Tiling(coveredPerBlock: covered, longest: 0, tiles: [])
        }
        // Tokens as small integers, and every window of `minimumRun` tokens of the blocks by its
        // content, so that a run can only start where a whole window matches.
        var ids: [String: Int] = [:]
        func id(_ token: String) -> Int {
            if let known = ids[token] { return known }
            ids[token] = ids.count
            return ids.count - 1
        }
        let a = added.map(id)
        let bs = blocks.map { $0.map(id) }
        var windows: [ArraySlice<Int>: [(block: Int, start: Int)]] = [:]
        for (block, b) in bs.enumerated() where b.count >= minimumRun {
            for start in 0...(b.count - minimumRun) {
                windows[b[start..<start + minimumRun], default: []].append((block, start))
            }
        }
        var markedA = [Bool](repeating: false, count: a.count)
        var markedB = bs.map { [Bool](repeating: false, count: $0.count) }
        var longest = 0
        while true {
            var best = minimumRun - 1
            var runs: [(start: Int, block: Int, blockStart: Int, length: Int)] = []
            for start in 0...(a.count - minimumRun) where !markedA[start] {
                for (block, blockStart) in windows[a[start..<start + minimumRun]] ?? []
                where !markedB[block][blockStart] {
                    var length = 0
                    while start + length < a.count, blockStart + length < bs[block].count,
                        a[start + length] == bs[block][blockStart + length],
                        !markedA[start + length], !markedB[block][blockStart + length]
                    {
                        length += 1
                    }
                    if length > best {
                        best = length
                        runs = [(start, block, blockStart, length)]
                    } else if length == best {
                        runs.append((start, block, blockStart, length))
                    }
                }
            }
            guard !runs.isEmpty else { break }
            longest = max(longest, best)
            for run in runs
            where !(0..<run.length).contains(where: {
                markedA[run.start + $0] || markedB[run.block][run.blockStart + $0]
            }) {
                for offset in 0..<run.length {
                    markedA[run.start + offset] = true
                    markedB[run.block][run.blockStart + offset] = true
                }
                covered[run.block] += run.length
                tiles.append(Tile(block: run.block, start: run.start, length: run.length))
            }
        }
        return Tiling(coveredPerBlock: covered, longest: longest, tiles: tiles.sorted { $0.start < $1.start })
    }

    /// A run of the added tokens found in a block: `length` tokens from `start`.
    struct Tile: Equatable {
        var block: Int
        var start: Int
        var length: Int
    }

    struct Tiling {
        /// How many added tokens each block covers.
        var coveredPerBlock: [Int]
        var longest: Int
        /// The runs, in the order of the added code.
        var tiles: [Tile]
    }
}
