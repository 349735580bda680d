import Foundation

/// A Mermaid diagram of a page, drawn at build time into `name.svg` (and `name~dark.svg`).
struct Diagram: Sendable, Equatable {
    var name: String
    var source: String
    /// Where its fence opens in the page's Markdown file.
    var line: Int
}

/// A page as DocC reads it, and what the browser check expects to find on it.
struct PageArticle: Sendable {
    var text: String
    var diagrams: [Diagram] = []
    /// Image files the page shows, copied into the catalog under the name it refers to them by.
    var images: [(name: String, file: URL)] = []
    /// The code blocks the page shows: the Markdown's fenced blocks but its diagrams and hints.
    var codeBlocks = 0
    /// "chapters/x.md:12: …" for what an author must fix.
    var problems: [String] = []
}

/// Turns one Markdown file of the course into a DocC article, line for line, so that whatever DocC
/// reports about line N of the article is about line N of the file:
///
/// - a relative link to another page (`09-session-manager.md#step-1-one-session-one-serial-queue`)
///   becomes a DocC link (`doc:09-session-manager#Step-1-one-session-one-serial-queue`), which DocC
///   checks; a link to a file the site has no page for keeps its text and loses the link;
/// - a code span that names one public symbol of a chapter module (`URLSessionManager`) links to
///   its reference page;
/// - a Mermaid block becomes an image (drawn later), a listing directive disappears, an aside
///   (`> **Aside: …**`) becomes a DocC aside, and an exercise's hints give way to the command that
///   shows them one at a time.
struct PageTransform: Sendable {
    var plan: SitePlan
    var symbols: SymbolIndex
    var courseRoot: URL
    /// For each page's name, its headings' forge anchors mapped to DocC's.
    var anchors: [String: [String: String]]

    /// The site's own pages that stand for a file of the repository: the landing page for the
    /// README, the license page for LICENSE.
    var generatedPages: [String: String] = ["README.md": Site.rootPage, "LICENSE": Site.licensePage]

    func article(for page: SitePage, text: String, displayPath: String) -> PageArticle {
        var draft = Draft(lines: Markdown.lines(text).map(String.init))
        let hidden = hideHints(&draft)
        drawDiagrams(&draft, fences: Markdown.fences(in: text), hidden: hidden, page: page)
        demoteParts(&draft, headings: Markdown.headings(in: text), hidden: hidden)
        for index in draft.lines.indices where !draft.untouched.contains(index) {
            let trimmed = draft.lines[index].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") {
                draft.lines[index] = ""
            } else if index == 0 || !draft.lines[index - 1].trimmingCharacters(in: .whitespaces).hasPrefix(">") {
                draft.lines[index] = Self.aside(draft.lines[index])
            }
        }
        rewriteInline(&draft, page: page, displayPath: displayPath)
        draft.article.text = draft.lines.joined(separator: "\n")
        return draft.article
    }

    /// A page being converted: its lines, those no later step may touch (code, diagrams, hints),
    /// and what was found so far.
    private struct Draft {
        var lines: [String]
        var untouched = Set<Int>()
        var article = PageArticle(text: "")
    }

    /// Empties the hints' lines, leaving a tip in the first of each run; returns those lines.
    private func hideHints(_ draft: inout Draft) -> Set<Int> {
        let hints = hintBlocks(draft.lines)
        for hint in hints {
            for index in hint.lines {
                draft.lines[index] = ""
                draft.untouched.insert(index)
            }
            if let tip = hint.tip { draft.lines[hint.lines.lowerBound] = tip }
        }
        return Set(hints.flatMap(\.lines))
    }

    /// Counts the code blocks the page will show, and puts an image in place of each diagram.
    private func drawDiagrams(_ draft: inout Draft, fences: [Markdown.Fence], hidden: Set<Int>, page: SitePage) {
        var count = 0
        for fence in fences {
            let range = (fence.openingLine - 1)...(fence.closingLine - 1)
            draft.untouched.formUnion(range)
            guard !hidden.contains(range.lowerBound) else { continue }
            guard fence.language == "mermaid" else {
                draft.article.codeBlocks += 1
                continue
            }
            count += 1
            let name = "\(page.name)-diagram-\(count)"
            draft.article.diagrams.append(Diagram(name: name, source: fence.body, line: fence.openingLine))
            let quote = quotePrefix(of: draft.lines[range.lowerBound])
            for index in range { draft.lines[index] = quote.trimmingCharacters(in: .whitespaces) }
            draft.lines[range.lowerBound] = quote + "![Diagram \(count): \(page.title)](\(name))"
        }
    }

    /// DocC allows one `# Title`; in a chapter in parts (`# Part 1: …`) every heading below the
    /// title goes one level down, so that the parts still stand above their sections.
    private func demoteParts(_ draft: inout Draft, headings: [Markdown.Heading], hidden: Set<Int>) {
        guard headings.filter({ $0.level == 1 }).count > 1, let title = headings.first(where: { $0.level == 1 }) else {
            return
        }
        for heading in headings
        where heading.line > title.line && heading.level < 6 && !hidden.contains(heading.line - 1) {
            draft.lines[heading.line - 1] = "#" + draft.lines[heading.line - 1]
        }
    }

    /// Links and code spans, one paragraph at a time.
    private func rewriteInline(_ draft: inout Draft, page: SitePage, displayPath: String) {
        for paragraph in paragraphs(draft.lines, skipping: draft.untouched) {
            let original = paragraph.map { draft.lines[$0] }.joined(separator: "\n")
            let isHeading = paragraph.count == 1 && original.hasPrefix("#")
            var article = draft.article
            let rewritten = InlineScanner.rewrite(
                original,
                code: { content, raw in
                    guard !isHeading, let destination = symbols.link(for: content) else { return raw }
                    return "[\(raw)](\(destination))"
                },
                link: { link in
                    let line = paragraph.lowerBound + link.lineOffset + 1
                    return resolve(link, on: page, at: "\(displayPath):\(line)", into: &article)
                })
            draft.article = article
            // Rewriting keeps every line break (link texts and code stay as written), so the
            // paragraph still fills its own lines.
            for (offset, line) in Markdown.lines(rewritten).enumerated() where offset < paragraph.count {
                draft.lines[paragraph.lowerBound + offset] = String(line)
            }
        }
    }

    // MARK: Links

    /// The link written for the site, or the problem it has.
    private func resolve(_ link: InlineLink, on page: SitePage, at location: String, into article: inout PageArticle)
        -> String
    {
        let destination = link.destination
        if destination.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
            return link.written(destination: destination)
        }
        let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil

        let target: SitePage
        if path.isEmpty {
            target = page
        } else {
            var file = URL(fileURLWithPath: path, relativeTo: page.source.deletingLastPathComponent())
                .standardizedFileURL
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder)
            if exists, isFolder.boolValue { file.appendPathComponent("README.md") }
            if let found = plan.page(for: file) {
                target = found
            } else if let generated = generatedPages[relativePath(file)] {
                return link.written(destination: "doc:\(generated)")
            } else if link.isImage, exists {
                let name = "\(page.name)-\(file.deletingPathExtension().lastPathComponent)"
                article.images.append((name, file))
                return link.written(destination: name)
            } else if let module = plan.module(containing: file) {
                return link.written(destination: "doc:\(module.name)")
            } else if exists {
                // A test, a manifest, an exercise's stub: the site has no page for it, and the
                // reader of the site has the repository for that. The words stay.
                return link.text
            } else {
                article.problems.append("\(location): the link to '\(destination)' points to no file of the course")
                return link.written(destination: destination)
            }
        }
        guard let fragment, !fragment.isEmpty else { return link.written(destination: "doc:\(target.name)") }
        guard let anchor = anchors[target.name]?[fragment.lowercased()] else {
            article.problems.append(
                "\(location): the link to '\(destination)' names no heading of \(relativePath(target.source)) (\"#\(fragment)\")"
            )
            return link.written(destination: destination)
        }
        return link.written(destination: "doc:\(target.name)#\(anchor)")
    }

    private func relativePath(_ file: URL) -> String {
        let root = courseRoot.standardizedFileURL.path + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    // MARK: Blocks

    /// The line numbers (from 0) of each paragraph, table row or heading outside `skipping`.
    /// Code spans and links never cross a paragraph's end, so each is rewritten on its own.
    private func paragraphs(_ lines: [String], skipping: Set<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for index in 0...lines.count {
            let line = index < lines.count ? lines[index].trimmingCharacters(in: .whitespaces) : ""
            let content = line.drop { $0 == ">" || $0 == " " }
            let standsAlone = content.hasPrefix("|") || content.hasPrefix("#")
            let ends = index == lines.count || skipping.contains(index) || content.isEmpty || standsAlone
            if ends, let begun = start {
                result.append(begun..<index)
                start = nil
            }
            if index < lines.count, !skipping.contains(index), !content.isEmpty {
                if standsAlone {
                    result.append(index..<(index + 1))
                } else if start == nil {
                    start = index
                }
            }
        }
        return result
    }

    /// `> **Aside: a tangent.** Text` as DocC's aside syntax, `> Aside: **a tangent.** Text`, so
    /// that the box is labelled "Aside" rather than "Note".
    static func aside(_ line: String) -> String {
        guard let match = line.range(of: #"^(\s*>\s*)\*\*Aside: "#, options: .regularExpression) else { return line }
        let quote = line[match].replacingOccurrences(of: "**Aside: ", with: "")
        return quote + "Aside: **" + line[match.upperBound...]
    }

    /// The block quote markers in front of a line, as a prefix for the lines that replace it.
    private func quotePrefix(of line: String) -> String {
        let prefix = Markdown.containerPrefix(of: Substring(line))
        guard let last = prefix.lastIndex(of: ">") else { return "" }
        return String(prefix[...last]) + " "
    }

    /// An exercise README's hints, `<details><summary>Hint N</summary> … </details>`. Each run of
    /// them is replaced by one tip: on the site every hint would show at once, where the workshop
    /// gives them one at a time, a question first, and remembers which were seen.
    private func hintBlocks(_ lines: [String]) -> [(lines: ClosedRange<Int>, tip: String?)] {
        var blocks: [(lines: ClosedRange<Int>, tip: String?)] = []
        var exercise: String?
        var index = 0
        var previousEnd: Int?
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("## Exercise "),
                let id = trimmed.dropFirst("## Exercise ".count).split(separator: ":").first
            {
                exercise = String(id)
            }
            guard trimmed.hasPrefix("<details><summary>Hint"),
                let end = trimmed.hasSuffix("</details>")
                    ? index
                    : lines[index...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "</details>" })
            else {
                index += 1
                continue
            }
            let followsAnother =
                previousEnd.map {
                    lines[($0 + 1)..<index].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
                } ?? false
            let command = exercise.map { "`swift run workshop hint \($0)`" } ?? "`swift run workshop hint`"
            blocks.append(
                (
                    index...end,
                    followsAnother ? nil : "> Tip: Stuck? \(command) gives the hints one at a time, a question first."
                ))
            previousEnd = end
            index = end + 1
        }
        return blocks
    }
}
