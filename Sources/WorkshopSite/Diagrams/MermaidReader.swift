import Foundation

/// Why a diagram is not drawn, at a line of its source (1 is the line after the opening fence).
struct DiagramProblem: Error, Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var message: String

    /// Syntax Mermaid has and the site's renderer does not: said so, rather than a picture that
    /// quietly leaves it out.
    static func unsupported(_ line: Int, _ what: String) -> DiagramProblem {
        DiagramProblem(line: line, message: "the diagram uses \(what), which the site's renderer does not draw")
    }

    /// Text that is not Mermaid, or not Mermaid this renderer can make sense of.
    static func unreadable(_ line: Int, _ what: String) -> DiagramProblem {
        DiagramProblem(line: line, message: "the diagram cannot be read: \(what)")
    }

    var description: String { "line \(line): \(message)" }
}

/// A diagram of one of the kinds the site draws.
enum MermaidDiagram: Sendable, Equatable {
    /// A flowchart or a state diagram: Graphviz lays it out.
    case graph(Graph)
    /// Laid out here (`SequenceLayout`).
    case sequence(SequenceDiagram)
}

/// Reads the subset of Mermaid the course's diagrams are written in: flowcharts, sequence
/// diagrams and state diagrams, each in `FlowchartReader`, `SequenceReader` and
/// `StateDiagramReader`. What lies outside it is a `DiagramProblem` naming the line.
enum MermaidReader {
    /// A line that says something: its number and its text without the indentation.
    struct Line: Sendable {
        var number: Int
        var text: Substring
    }

    static func read(_ source: String) throws(DiagramProblem) -> MermaidDiagram {
        var lines: [Line] = []
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = raw.trimmingCharacters(in: .whitespaces)[...]
            if text.hasPrefix("%%{") { throw .unsupported(index + 1, "a directive (`%%{…}%%`)") }
            if text.isEmpty || text.hasPrefix("%%") { continue }
            lines.append(Line(number: index + 1, text: text))
        }
        guard let header = lines.first else { throw .unreadable(1, "it is empty") }
        if header.text == "---" { throw .unsupported(header.number, "front matter (`---`)") }
        // `graph LR;` is a header too: the `;` ends its statement.
        let words = (header.text.hasSuffix(";") ? header.text.dropLast() : header.text).split(separator: " ")
        let body = Array(lines.dropFirst())
        let diagram: MermaidDiagram
        switch words[0] {
        case "flowchart", "graph":
            guard words.count <= 2, let direction = words.count == 2 ? Graph.Direction(mermaid: words[1]) : .topDown
            else {
                throw .unreadable(header.number, "`\(header.text)` is not a flowchart's direction (TD, TB, BT, LR, RL)")
            }
            diagram = .graph(try FlowchartReader.read(body, direction: direction))
        case "sequenceDiagram":
            diagram = .sequence(try SequenceReader.read(body))
        case "stateDiagram-v2", "stateDiagram":
            diagram = .graph(try StateDiagramReader.read(body))
        default:
            throw .unsupported(header.number, "a diagram of the kind `\(words[0])`")
        }
        // An empty picture would pass for a diagram on the page; an empty diagram is a mistake.
        switch diagram {
        case .graph(let graph) where graph.nodes.isEmpty: throw .unreadable(header.number, "it has no nodes")
        case .sequence(let sequence) where sequence.participants.isEmpty:
            throw .unreadable(header.number, "it has no participants")
        default: return diagram
        }
    }

    /// A label's lines: Mermaid breaks a label at `<br/>` (also `<br>` and `<br />`), and writes
    /// a character its syntax would take for its own as an entity code, `#quot;` or `#35;`.
    /// Everything else is text, `&` and `<` included: it is escaped where it is written.
    static func labelLines(_ text: some StringProtocol) -> [String] {
        var lines: [String] = []
        var current = ""
        var rest = Substring(text)
        while let next = rest.first {
            if next == "<", let end = lineBreakEnd(in: rest) {
                lines.append(current)
                current = ""
                rest = rest[end...]
            } else if next == "#", let (character, end) = entityCode(in: rest) {
                current.append(character)
                rest = rest[end...]
            } else {
                current.append(next)
                rest = rest.dropFirst()
            }
        }
        lines.append(current)
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Where a `<br>`, `<br/>` or `<br />` at the start of `text` ends.
    private static func lineBreakEnd(in text: Substring) -> Substring.Index? {
        guard let close = text.firstIndex(of: ">") else { return nil }
        let tag = text[text.index(after: text.startIndex)..<close].lowercased().replacingOccurrences(of: " ", with: "")
        return tag == "br" || tag == "br/" ? text.index(after: close) : nil
    }

    private static let namedCodes: [String: Character] = [
        "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "num": "#", "semi": ";", "colon": ":", "nbsp": "\u{00A0}",
    ]

    /// The character of an entity code at the start of `text` (`#quot;`, `#35;`), and its end.
    private static func entityCode(in text: Substring) -> (Character, Substring.Index)? {
        guard let semicolon = text.prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(text[text.index(after: text.startIndex)..<semicolon])
        let end = text.index(after: semicolon)
        if let named = namedCodes[name] { return (named, end) }
        if !name.isEmpty, name.allSatisfy(\.isASCII), let code = UInt32(name), let scalar = Unicode.Scalar(code) {
            return (Character(scalar), end)
        }
        return nil
    }

    /// The text between double quotes when `text` is quoted, else `text` itself, trimmed.
    static func unquoted(_ text: some StringProtocol) -> Substring {
        let trimmed = text.trimmingCharacters(in: .whitespaces)[...]
        if trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" { return trimmed.dropFirst().dropLast() }
        return trimmed
    }
}
