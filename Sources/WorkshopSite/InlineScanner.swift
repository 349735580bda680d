import Foundation

/// A link or image written inline: `[text](destination "title")`, `![alt](destination)`.
struct InlineLink: Equatable, Sendable {
    /// The link text as written (Markdown, backticks included).
    var text: String
    var destination: String
    /// The title with its quotes, as written, or nil.
    var title: String?
    var isImage: Bool
    /// Which line of the scanned text the link starts on, counting from 0.
    var lineOffset: Int

    /// The link written back with another destination.
    func written(destination: String) -> String {
        (isImage ? "!" : "") + "[\(text)](\(destination)\(title.map { " " + $0 } ?? ""))"
    }
}

/// Splits one paragraph of inline Markdown into text, code spans and links, following
/// CommonMark's rules for the cases the chapters use: backslash escapes, code spans of any number
/// of backticks (an unmatched run is plain text), and inline links whose text may hold brackets
/// and code.
enum InlineScanner {
    enum Token: Equatable, Sendable {
        case text(String)
        /// The span's content as CommonMark reads it, and the span as written.
        case code(String, raw: String)
        case link(InlineLink)
    }

    static func tokens(in text: String) -> [Token] {
        let characters = Array(text)
        var tokens: [Token] = []
        var textStart = 0
        var index = 0

        func flushText(upTo end: Int) {
            if end > textStart { tokens.append(.text(String(characters[textStart..<end]))) }
        }

        while index < characters.count {
            switch characters[index] {
            case "\\":
                index += 2
            case "`":
                let run = runLength(of: "`", in: characters, at: index)
                guard let close = closingRun(of: run, in: characters, from: index + run) else {
                    index += run
                    continue
                }
                flushText(upTo: index)
                let raw = String(characters[index..<(close + run)])
                tokens.append(.code(codeContent(characters[(index + run)..<close]), raw: raw))
                index = close + run
                textStart = index
            case "[", "!":
                let isImage = characters[index] == "!"
                guard !isImage || (index + 1 < characters.count && characters[index + 1] == "["),
                    let (link, end) = link(in: characters, at: isImage ? index + 1 : index, isImage: isImage)
                else {
                    index += 1
                    continue
                }
                flushText(upTo: index)
                var found = link
                found.lineOffset = characters[..<index].filter { $0 == "\n" }.count
                tokens.append(.link(found))
                index = end
                textStart = index
            default:
                index += 1
            }
        }
        flushText(upTo: characters.count)
        return tokens
    }

    /// The paragraph written back, each code span and link replaced by what the closures return.
    static func rewrite(
        _ text: String, code: (_ content: String, _ raw: String) -> String, link: (InlineLink) -> String
    ) -> String {
        tokens(in: text).map { token in
            switch token {
            case .text(let text): text
            case .code(let content, let raw): code(content, raw)
            case .link(let found): link(found)
            }
        }.joined()
    }

    // MARK: Code spans

    private static func runLength(of character: Character, in characters: [Character], at index: Int) -> Int {
        var end = index
        while end < characters.count, characters[end] == character { end += 1 }
        return end - index
    }

    /// Where the next run of exactly `length` backticks starts, if there is one.
    private static func closingRun(of length: Int, in characters: [Character], from start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == "`" {
                let run = runLength(of: "`", in: characters, at: index)
                if run == length { return index }
                index += run
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Line endings become spaces; one space is stripped from each end when both ends have one.
    private static func codeContent(_ slice: ArraySlice<Character>) -> String {
        let text = String(slice).replacingOccurrences(of: "\n", with: " ")
        if text.count >= 2, text.hasPrefix(" "), text.hasSuffix(" "), !text.allSatisfy({ $0 == " " }) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    // MARK: Links

    /// The link whose `[` is at `open`, and the index just past it; nil when the brackets there
    /// are not a link.
    private static func link(in characters: [Character], at open: Int, isImage: Bool) -> (InlineLink, Int)? {
        guard let close = closingBracket(in: characters, from: open),
            close + 1 < characters.count, characters[close + 1] == "("
        else { return nil }
        var index = close + 2
        skipSpaces(characters, &index)
        var destination = ""
        if index < characters.count, characters[index] == "<" {
            guard let end = characters[index...].firstIndex(of: ">") else { return nil }
            destination = String(characters[(index + 1)..<end])
            index = end + 1
        } else {
            var depth = 0
            while index < characters.count {
                let character = characters[index]
                if character == " " || character == "\n" { break }
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                destination.append(characters[index])
                index += 1
            }
        }
        skipSpaces(characters, &index)
        var title: String?
        if index < characters.count, let quote = ["\"": "\"", "'": "'", "(": ")"][characters[index]] {
            guard let end = characters[(index + 1)...].firstIndex(of: Character(quote)) else { return nil }
            title = String(characters[index...end])
            index = end + 1
            skipSpaces(characters, &index)
        }
        guard index < characters.count, characters[index] == ")" else { return nil }
        let link = InlineLink(
            text: String(characters[(open + 1)..<close]), destination: destination, title: title,
            isImage: isImage, lineOffset: 0)
        return (link, index + 1)
    }

    /// The `]` that closes the `[` at `open`: brackets nest, and code spans and escapes hide them.
    private static func closingBracket(in characters: [Character], from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < characters.count {
            switch characters[index] {
            case "\\":
                index += 2
                continue
            case "`":
                let run = runLength(of: "`", in: characters, at: index)
                index = closingRun(of: run, in: characters, from: index + run).map { $0 + run } ?? index + run
                continue
            case "[":
                depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func skipSpaces(_ characters: [Character], _ index: inout Int) {
        while index < characters.count, characters[index] == " " || characters[index] == "\n" { index += 1 }
    }
}
