import Foundation

/// Just enough of CommonMark to turn a chapter into a site page without changing what it says:
/// fenced code blocks (the text inside them is never touched), headings, code spans and inline
/// links. Line numbers are 1-based, as an author's editor shows them.
enum Markdown {
    /// A fenced code block, possibly inside a block quote or a list item.
    struct Fence: Equatable, Sendable {
        /// The first word of the info string, lowercased: `swift`, `mermaid`, or "" for none.
        var language: String
        var openingLine: Int
        /// The line of the closing fence; the last line of the file when it has none.
        var closingLine: Int
        /// The lines between the fences, without the block quote markers in front of them.
        var body: String
    }

    /// What stands in front of a line's content: indentation and block quote markers (`> `).
    static func containerPrefix(of line: Substring) -> Substring {
        var index = line.startIndex
        while index < line.endIndex, line[index] == " " || line[index] == ">" || line[index] == "\t" {
            index = line.index(after: index)
        }
        return line[..<index]
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Every fenced code block of `text`, in order.
    static func fences(in text: String) -> [Fence] {
        let lines = lines(text)
        var fences: [Fence] = []
        var index = 0
        while index < lines.count {
            let quoteDepth = containerPrefix(of: lines[index]).filter { $0 == ">" }.count
            let opening = stripQuotes(lines[index], depth: quoteDepth)
            let indent = opening.prefix { $0 == " " }.count
            guard let marker = fenceMarker(opening.dropFirst(indent)) else {
                index += 1
                continue
            }
            let info = opening.dropFirst(indent + marker.count).trimmingCharacters(in: .whitespaces)
            let language = info.split(separator: " ").first.map { $0.lowercased() } ?? ""
            var body: [Substring] = []
            var close = index + 1
            while close < lines.count {
                let inner = stripQuotes(lines[close], depth: quoteDepth)
                let trimmed = inner.trimmingCharacters(in: .whitespaces)
                if trimmed.count >= marker.count, trimmed.allSatisfy({ $0 == marker.first }) { break }
                body.append(inner)
                close += 1
            }
            fences.append(
                Fence(
                    language: language, openingLine: index + 1, closingLine: min(close, lines.count - 1) + 1,
                    body: dedent(body, by: indent)))
            index = close + 1
        }
        return fences
    }

    /// "```" or "~~~" (or longer) when `content` opens a fence. A backtick fence's info string
    /// cannot contain a backtick, which is how "``` `code` ```" on one line is told apart.
    private static func fenceMarker(_ content: Substring) -> String? {
        for character in ["`", "~"] as [Character] {
            let run = content.prefix { $0 == character }
            if run.count >= 3 {
                if character == "`", content.dropFirst(run.count).contains("`") { return nil }
                return String(run)
            }
        }
        return nil
    }

    /// The line without its first `depth` block quote markers (each with the space after it).
    static func stripQuotes(_ line: Substring, depth: Int) -> Substring {
        var rest = line
        for _ in 0..<depth {
            let spaces = rest.prefix { $0 == " " }
            guard rest.dropFirst(spaces.count).first == ">" else { break }
            rest = rest.dropFirst(spaces.count + 1)
            if rest.first == " " { rest = rest.dropFirst() }
        }
        return rest
    }

    /// Removes up to `count` leading spaces from each line: a fence indented in a list item has
    /// its body indented as much.
    private static func dedent(_ lines: [Substring], by count: Int) -> String {
        lines.map { String($0.dropFirst(min(count, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }

    /// The set of line numbers that belong to fenced blocks, fences included.
    static func fencedLines(_ fences: [Fence]) -> Set<Int> {
        Set(fences.flatMap { $0.openingLine...$0.closingLine })
    }

    // MARK: Headings

    struct Heading: Equatable, Sendable {
        var line: Int
        var level: Int
        /// The heading as a reader sees it: no backticks, no emphasis markers, link texts only.
        var text: String
    }

    /// The ATX headings (`## Title`) outside code blocks.
    static func headings(in text: String) -> [Heading] {
        let fenced = fencedLines(fences(in: text))
        var headings: [Heading] = []
        for (index, line) in lines(text).enumerated() where !fenced.contains(index + 1) {
            let hashes = line.prefix { $0 == "#" }
            guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { continue }
            let title = line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
            headings.append(Heading(line: index + 1, level: hashes.count, text: plainText(title)))
        }
        return headings
    }

    /// Inline Markdown as plain text: code spans keep their content, links keep their text.
    static func plainText(_ inline: String) -> String {
        var result = ""
        for token in InlineScanner.tokens(in: inline) {
            switch token {
            case .text(let text): result += text.filter { $0 != "*" }
            case .code(let code, _): result += code
            case .link(let link): result += plainText(link.text)
            }
        }
        return result
    }

    /// The anchor a forge gives a heading (GitHub's rule): lowercase, punctuation and symbols
    /// dropped, each space a hyphen. Chapters link to each other's headings this way.
    static func forgeAnchor(_ heading: String) -> String {
        String(
            heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" { return Character(scalar) }
                let letterOrDigit = CharacterSet.letters.union(.decimalDigits).union(.nonBaseCharacters).contains(
                    scalar)
                return letterOrDigit ? Character(scalar) : nil
            })
    }

    /// The anchor DocC gives the same heading: case kept, runs of spaces and dashes become one
    /// hyphen, punctuation (and backticks) dropped.
    static func doccAnchor(_ heading: String) -> String {
        let dashes = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "-\u{2013}\u{2014}"))
        let joined = heading.trimmingCharacters(in: .whitespaces)
            .components(separatedBy: dashes).filter { !$0.isEmpty }.joined(separator: "-")
        let dropped = CharacterSet.punctuationCharacters.union(CharacterSet(charactersIn: "`")).subtracting(
            CharacterSet(charactersIn: "-"))
        return String(String.UnicodeScalarView(joined.unicodeScalars.filter { !dropped.contains($0) }))
    }

    /// Each heading's forge anchor, numbered `-1`, `-2` when several headings share one (as the
    /// forge does), mapped to its DocC anchor.
    static func anchors(in text: String) -> [String: String] {
        var anchors: [String: String] = [:]
        var seen: [String: Int] = [:]
        for heading in headings(in: text) {
            let base = forgeAnchor(heading.text)
            let count = seen[base, default: 0]
            seen[base] = count + 1
            anchors[count == 0 ? base : "\(base)-\(count)"] = doccAnchor(heading.text)
        }
        return anchors
    }
}
