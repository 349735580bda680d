import Foundation

/// Chapters never paste code. A source file marks a region:
///
///     // listing: percent-escaping
///     …code…
///     // end-listing
///
/// and a chapter places it with a directive line followed by a fenced block, which any Markdown
/// viewer shows as ordinary code:
///
///     <!-- listing: percent-escaping -->
///     ```swift
///     …code…
///     ```
///
/// `<!-- output: name -->` does the same with the printed output of the example called `name`
/// (see `Examples`). The check fails when a block differs from its source, names a region or
/// example that does not exist, when a region is used by no chapter, or when a region is longer
/// than 30 lines.
package struct Listings {
    package struct Region: Sendable {
        package var name: String
        package var file: URL
        package var line: Int
        package var language: String
        package var code: String
    }

    /// A directive in a chapter and the fenced block under it.
    struct Placement {
        enum Kind: String { case listing, output }
        var kind: Kind
        var name: String
        var line: Int
        /// The lines of the block between its fences, and where they are in the chapter.
        var blockLines: Range<Int>
        var block: String
    }

    package let course: Course
    package init(course: Course) { self.course = course }

    // MARK: Reading regions

    /// Every region in `Sources/`, or the problems that make the regions unreadable.
    package func regions() throws -> (regions: [String: Region], problems: [String]) {
        var regions: [String: Region] = [:]
        var problems: [String] = []
        let enumerator = FileManager.default.enumerator(at: course.sourcesFolder, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).filter { ["swift", "c", "h"].contains($0.pathExtension) }
        for file in files.sorted(by: { $0.path < $1.path }) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let (found, fileProblems) = Self.regions(in: text, file: file, displayPath: course.relative(file))
            problems += fileProblems
            for region in found {
                if let other = regions[region.name] {
                    problems.append(
                        "\(course.relative(file)):\(region.line): region '\(region.name)' is also defined at \(course.relative(other.file)):\(other.line); names must be unique"
                    )
                }
                regions[region.name] = region
            }
        }
        return (regions, problems)
    }

    /// The longest listing a chapter may show: past a screen of code, a reader stops reading it.
    static let maximumLines = 30

    static func regions(in text: String, file: URL, displayPath: String) -> ([Region], [String]) {
        var regions: [Region] = []
        var problems: [String] = []
        var open: (name: String, line: Int, lines: [Substring])?
        let language = file.pathExtension == "swift" ? "swift" : "c"
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// listing:") {
                let name = trimmed.dropFirst("// listing:".count).trimmingCharacters(in: .whitespaces)
                if let open {
                    problems.append(
                        "\(displayPath):\(index + 1): region '\(name)' starts inside region '\(open.name)' (line \(open.line)); regions do not nest"
                    )
                }
                open = (name, index + 1, [])
            } else if trimmed == "// end-listing" {
                guard let region = open else {
                    problems.append(
                        "\(displayPath):\(index + 1): '// end-listing' without a '// listing: name' before it")
                    continue
                }
                if region.lines.count > maximumLines {
                    problems.append(
                        "\(displayPath):\(region.line): region '\(region.name)' is \(region.lines.count) lines long; a listing shows one idea in at most \(maximumLines): split it into regions of its own"
                    )
                }
                regions.append(
                    Region(
                        name: region.name, file: file, line: region.line, language: language, code: dedent(region.lines)
                    ))
                open = nil
            } else if open != nil {
                open?.lines.append(line)
            }
        }
        if let open {
            problems.append("\(displayPath):\(open.line): region '\(open.name)' has no '// end-listing'")
        }
        return (regions, problems)
    }

    /// Removes the indentation the lines share, so a region inside a type reads from column one.
    static func dedent(_ lines: [Substring]) -> String {
        let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(common)) }.joined(separator: "\n")
    }

    // MARK: Reading chapters

    static func placements(in chapter: String) -> (placements: [Placement], problems: [String]) {
        let lines = chapter.split(separator: "\n", omittingEmptySubsequences: false)
        var placements: [Placement] = []
        var problems: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("<!-- "), trimmed.hasSuffix(" -->") else { continue }
            let inner = trimmed.dropFirst(5).dropLast(4)
            guard let colon = inner.firstIndex(of: ":"), let kind = Placement.Kind(rawValue: String(inner[..<colon]))
            else { continue }
            let name = inner[inner.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("```"),
                let close = lines[(index + 2)...].firstIndex(where: { $0 == "```" })
            else {
                problems.append(
                    "line \(index + 1): '\(kind.rawValue): \(name)' must be followed by a fenced code block (```)")
                continue
            }
            let block = lines[(index + 2)..<close].joined(separator: "\n")
            placements.append(
                Placement(kind: kind, name: name, line: index + 1, blockLines: (index + 2)..<close, block: block))
        }
        return (placements, problems)
    }

    // MARK: Checking and writing

    /// Compares every chapter's blocks with their sources. With `write`, rewrites the blocks that
    /// differ instead of reporting them. Returns the problems left.
    package func check(write: Bool) throws -> [String] {
        let (regions, regionProblems) = try regions()
        var problems = regionProblems
        var used: Set<String> = []
        let chapters = try contents(of: course.chaptersFolder).filter { $0.pathExtension == "md" }
        for chapter in chapters {
            let text = try String(contentsOf: chapter, encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let (placements, placementProblems) = Self.placements(in: text)
            let location = course.relative(chapter)
            problems += placementProblems.map { "\(location): \($0)" }
            // Rewrite from the bottom up, so the line numbers of the blocks above stay valid.
            for placement in placements.reversed() {
                let expected: (code: String, language: String)
                switch placement.kind {
                case .listing:
                    guard let region = regions[placement.name] else {
                        problems.append("\(location):\(placement.line): no source region is called '\(placement.name)'")
                        continue
                    }
                    used.insert(placement.name)
                    expected = (region.code, region.language)
                case .output:
                    guard let output = Examples.output(of: placement.name) else {
                        problems.append(
                            "\(location):\(placement.line): no example is called '\(placement.name)' (see Sources/Workshop/Examples)"
                        )
                        continue
                    }
                    expected = (
                        output.text.hasSuffix("\n") ? String(output.text.dropLast()) : output.text, output.language
                    )
                }
                guard placement.block != expected.code else { continue }
                if write {
                    let fenced =
                        ["```\(expected.language)"]
                        + expected.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [
                            "```"
                        ]
                    lines.replaceSubrange(
                        (placement.blockLines.lowerBound - 1)...placement.blockLines.upperBound, with: fenced)
                } else {
                    problems.append(
                        "\(location):\(placement.line): the block for '\(placement.name)' differs from its source; run `swift run workshop listings --write`"
                            + Self.firstDifference(chapter: placement.block, source: expected.code))
                }
            }
            if write {
                try lines.joined(separator: "\n").write(to: chapter, atomically: true, encoding: .utf8)
            }
        }
        for name in Set(regions.keys).subtracting(used).sorted() {
            let region = regions[name]!
            problems.append(
                "\(course.relative(region.file)):\(region.line): region '\(name)' is used by no chapter; place it with <!-- listing: \(name) --> or remove its markers"
            )
        }
        return problems
    }
}

extension Listings {
    /// The first line where a chapter's block and its source part, to show with the problem.
    static func firstDifference(chapter: String, source: String) -> String {
        let chapterLines = chapter.split(separator: "\n", omittingEmptySubsequences: false)
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(chapterLines.count, sourceLines.count) {
            let inChapter = index < chapterLines.count ? String(chapterLines[index]) : "(nothing)"
            let inSource = index < sourceLines.count ? String(sourceLines[index]) : "(nothing)"
            if inChapter != inSource {
                return "\n    line \(index + 1) of the block\n    chapter: \(inChapter)\n    source:  \(inSource)"
            }
        }
        return ""
    }
}
