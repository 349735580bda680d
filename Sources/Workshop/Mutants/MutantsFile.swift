import Foundation

/// An exercise's mutants file, `exercises/NN-slug/Mutants/N.k-name.txt`: the author's list of
/// *equivalent* mutants (survivors that cannot change what the solution does, each with its
/// reason), then the record of the last `verify --mutants` run, written by the tool.
///
///     equivalent: Premultiply.swift
///     - if alpha == 255 { continue }  // nothing was multiplied
///     + if false { continue }  // nothing was multiplied
///     At alpha 255, unpremultiplying gives every component back: (2c × 255 + 255) / 510 = c.
///
///     # The last run (written by `workshop verify --mutants`; not edited by hand):
///     checked 5f1e2a3b4c5d6e7f: 84 mutants, 80 killed, 1 equivalent, 3 survived
///     survived: Premultiply.swift:12, off by one, escaped Chapter07Exercise1Tests
///     - …
///     + …
///
/// A mutant is known by its file and its one-line diff, compared token by token (so spacing and
/// comments do not matter), never by a line number: an edit elsewhere in the file keeps it.
package struct MutantsFile: Equatable {
    /// A mutant named by its file and its diff.
    package struct Entry: Equatable, Sendable {
        package var file: String
        package var original: String
        package var mutated: String
        /// For an equivalent: why it cannot change behaviour. For the record: what it is.
        package var note: String

        /// Whether `mutant` is the one this entry names.
        package func names(_ mutant: Mutant) -> Bool {
            file == mutant.file && Self.tokens(original) == Self.tokens(mutant.original)
                && Self.tokens(mutated) == Self.tokens(mutant.mutated)
        }

        static func tokens(_ code: String) -> [String] { CodeTokens.lines(code).flatMap { $0 } }
    }

    /// The record of the last run.
    package struct Record: Equatable, Sendable {
        /// The exercise's content hash when it ran (`MutantsFile.hash`).
        package var hash: String
        package var summary: String
        /// Unlisted survivors (their note: place, kind and the test target they escaped), and
        /// equivalents that no longer survive (their note: why).
        package var survived: [Entry] = []
        package var stale: [Entry] = []
    }

    /// The author's part: what comes before the record, exactly as written (the hash covers it).
    package var authored: String
    package var equivalents: [Entry] = []
    /// Lines of the author's part that are not comments, blank, or entries.
    package var malformed: [String] = []
    package var record: Record?

    static let recordMarker = "# The last run (written by `workshop verify --mutants`; not edited by hand):"

    /// A new file's opening comment.
    static func header(for exercise: ExerciseID) -> String {
        """
        # The mutants of exercise \(exercise)'s solution that no answer test can kill, because they cannot
        # change what it does (CONTRIBUTING.md, "Mutation testing"). Each entry: `equivalent: <file>`, the
        # mutation as `workshop verify --mutants \(exercise)` prints it (a `-` and a `+` line), then why.
        # A survivor that can change behaviour is never listed here: write the test that kills it.

        """
    }

    package init(authored: String, record: Record? = nil) {
        self.authored = authored
        self.record = record
        (equivalents, malformed) = Self.entries(in: authored)
    }

    /// Reads a file's text.
    package init(parsing text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let marker = lines.firstIndex(where: { $0 == Self.recordMarker }) else {
            self.init(authored: text)
            return
        }
        self.init(
            authored: lines[..<marker].joined(separator: "\n") + "\n", record: Self.record(in: lines[(marker + 1)...]))
    }

    /// The whole file: the author's part, then the record.
    package var text: String {
        var text = authored.trimmingCharacters(in: .newlines) + "\n"
        guard let record else { return text }
        text += "\n" + Self.recordMarker + "\n" + "checked \(record.hash): \(record.summary)\n"
        for (word, entries) in [("survived", record.survived), ("stale", record.stale)] {
            for entry in entries {
                text += "\(word): \(entry.note)\n" + Self.diff(entry.original, entry.mutated) + "\n"
            }
        }
        return text
    }

    /// A mutant's diff as the file writes it: `- ` and the line, `+ ` and the mutated line (a bare
    /// `+` when the mutant removes it).
    package static func diff(_ original: String, _ mutated: String) -> String {
        "- \(original)\n" + (mutated.isEmpty ? "+" : "+ \(mutated)")
    }

    /// The text of a diff's `-` or `+` line; nil when it is not one.
    static func diffLine(_ line: String, _ sign: Character) -> String? {
        guard line.first == sign else { return nil }
        let rest = line.dropFirst()
        guard rest.isEmpty || rest.first == " " else { return nil }
        return String(rest.dropFirst())
    }

    /// The equivalent entries of the author's part, and the lines that are none of its forms.
    static func entries(in authored: String) -> (entries: [Entry], malformed: [String]) {
        var entries: [Entry] = []
        var malformed: [String] = []
        let lines = authored.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            guard line.hasPrefix("equivalent:") else {
                malformed.append(line)
                continue
            }
            let file = line.dropFirst("equivalent:".count).trimmingCharacters(in: .whitespaces)
            guard index + 1 < lines.count, let original = Self.diffLine(lines[index], "-"),
                let mutated = Self.diffLine(lines[index + 1], "+")
            else {
                malformed.append(line + " (not followed by a `- ` line and a `+ ` line)")
                while index < lines.count, lines[index].hasPrefix("-") || lines[index].hasPrefix("+") { index += 1 }
                continue
            }
            var reason: [String] = []
            var next = index + 2
            while next < lines.count, !lines[next].trimmingCharacters(in: .whitespaces).isEmpty,
                !lines[next].hasPrefix("#"), !lines[next].hasPrefix("equivalent:")
            {
                reason.append(lines[next].trimmingCharacters(in: .whitespaces))
                next += 1
            }
            entries.append(
                Entry(
                    file: file, original: original, mutated: mutated, note: reason.joined(separator: " ")))
            index = next
        }
        return (entries, malformed)
    }

    /// The record's lines, after its marker.
    static func record(in lines: ArraySlice<Substring>) -> Record? {
        guard let first = lines.first(where: { $0.hasPrefix("checked ") }), let colon = first.firstIndex(of: ":")
        else { return nil }
        var record = Record(
            hash: String(first.dropFirst("checked ".count)[..<colon]),
            summary: first[first.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        let lines = Array(lines)
        for (index, line) in lines.enumerated() where index + 2 < lines.count {
            for word in ["survived", "stale"] where line.hasPrefix("\(word): ") {
                let entry = Entry(
                    file: String(line.dropFirst(word.count + 2).prefix { $0 != ":" && $0 != "," }),
                    original: diffLine(String(lines[index + 1]), "-") ?? "",
                    mutated: diffLine(String(lines[index + 2]), "+") ?? "", note: String(line.dropFirst(word.count + 2))
                )
                if word == "survived" { record.survived.append(entry) } else { record.stale.append(entry) }
            }
        }
        return record
    }

    // MARK: Judging a run

    /// What a run's mutants say about the list: the survivors it does not name, and the entries
    /// that name no survivor (with why: no longer made, or now killed by a test).
    package func judge(mutants: [Mutant], survivors: Set<Int>, killedBy: [Int: String]) -> (
        unlisted: [Mutant], stale: [(entry: Entry, why: String)]
    ) {
        let unlisted = mutants.filter { mutant in
            survivors.contains(mutant.id) && !equivalents.contains { $0.names(mutant) }
        }
        let stale = equivalents.compactMap { entry -> (Entry, String)? in
            let named = mutants.filter(entry.names)
            if named.contains(where: { survivors.contains($0.id) }) { return nil }
            if let killed = named.first {
                return (entry, "now killed" + (killedBy[killed.id].map { " (\($0))" } ?? ""))
            }
            return (entry, "no longer made: the solution has no such line, or the mutant does not compile")
        }
        return (unlisted, stale)
    }

    // MARK: The exercise's content hash

    /// What the record's hash covers, for `verify --mutants --changed`: the tool (its own sources
    /// and the tokenizer), the exercise's stub (the mutated lines are those the solution adds to
    /// it), solution and answer tests, and the author's part of this file. FNV-1a, 64 bits: it
    /// tells a change, it proves nothing against someone who wants to forge it.
    package static func hash(tool: [String: Data], exercise: [String: Data], authored: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func feed(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        for files in [tool, exercise] {
            for path in files.keys.sorted() {
                feed(Array(path.utf8) + [0])
                feed(files[path]!)
                feed([0])
            }
            feed([1])
        }
        feed(authored.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
