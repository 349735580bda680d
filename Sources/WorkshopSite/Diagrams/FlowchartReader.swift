/// Reads a flowchart's statements (`flowchart LR` or `graph TD` and what follows): nodes in the
/// shapes of `Graph.Shape`, chains of links (`A --> B -- label --> C`), `&` between nodes, and
/// `;` between statements. Subgraphs, styles, classes and clicks are problems.
enum FlowchartReader {
    static func read(_ lines: [MermaidReader.Line], direction: Graph.Direction) throws(DiagramProblem) -> Graph {
        var graph = Graph(direction: direction)
        for line in lines {
            for statement in statements(in: line.text) where !statement.allSatisfy(\.isWhitespace) {
                var scanner = Scanner(characters: Array(statement), line: line.number)
                try scanner.statement(into: &graph)
            }
        }
        return graph
    }

    /// The statements of a line: `;` separates them, except inside a quoted label.
    static func statements(in text: Substring) -> [Substring] {
        var statements: [Substring] = []
        var start = text.startIndex
        var quoted = false
        for index in text.indices {
            if text[index] == "\"" { quoted.toggle() }
            if text[index] == ";" && !quoted {
                statements.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        statements.append(text[start...])
        return statements
    }

    /// Statements that start with these words are Mermaid the renderer does not draw.
    static let unsupportedKeywords: [String: String] = [
        "subgraph": "a subgraph (`subgraph`)", "end": "a subgraph (`end`)", "direction": "a subgraph's `direction`",
        "classDef": "classes (`classDef`)", "class": "classes (`class`)", "style": "styles (`style`)",
        "linkStyle": "link styles (`linkStyle`)", "click": "clicks (`click`)", "title": "a title (`title`)",
        "accTitle": "an accessible title (`accTitle`)", "accDescr": "an accessible description (`accDescr`)",
    ]

    /// How a node's label is enclosed, longest opening first so that `([` is not taken for `(`.
    /// A nil shape is one Mermaid has and the renderer does not draw.
    static let enclosures: [(opening: String, closing: String, shape: Graph.Shape?, name: String)] = [
        ("(((", ")))", nil, "a double circle (`(((…)))`)"),
        ("([", "])", .stadium, "stadium"),
        ("((", "))", .circle, "circle"),
        ("[[", "]]", .subroutine, "subroutine"),
        ("[(", ")]", .cylinder, "cylinder"),
        ("{{", "}}", .hexagon, "hexagon"),
        ("[/", "]", nil, "a parallelogram or trapezoid node (`[/…/]`)"),
        ("[\\", "]", nil, "a parallelogram or trapezoid node (`[\\…\\]`)"),
        (">", "]", nil, "an asymmetric node (`>…]`)"),
        ("(", ")", .rounded, "rounded box"),
        ("[", "]", .box, "box"),
        ("{", "}", .diamond, "diamond"),
    ]

    /// One statement, read left to right.
    struct Scanner {
        var characters: [Character]
        var line: Int
        var position = 0

        init(characters: [Character], line: Int) {
            self.characters = characters
            self.line = line
        }

        var rest: String { String(characters[position...]).trimmingCharacters(in: .whitespaces) }

        func peek(_ offset: Int = 0) -> Character? {
            position + offset < characters.count ? characters[position + offset] : nil
        }

        func starts(with text: String) -> Bool {
            let text = Array(text)
            return position + text.count <= characters.count
                && Array(characters[position..<(position + text.count)]) == text
        }

        mutating func skipSpaces() {
            while let next = peek(), next.isWhitespace { position += 1 }
        }

        mutating func statement(into graph: inout Graph) throws(DiagramProblem) {
            skipSpaces()
            let firstWord = String(characters[position...].prefix { !$0.isWhitespace && $0 != ":" })
            if let what = FlowchartReader.unsupportedKeywords[firstWord] { throw .unsupported(line, what) }
            var left = try nodes(into: &graph)
            while true {
                skipSpaces()
                guard peek() != nil else { return }
                guard let link = try link() else {
                    throw .unreadable(line, "`\(rest)` is not a link between nodes (`-->`, `---`, `-.->`, `==>`)")
                }
                skipSpaces()
                let right = try nodes(into: &graph)
                for from in left {
                    for to in right {
                        var edge = link
                        edge.from = from
                        edge.to = to
                        graph.edges.append(edge)
                    }
                }
                left = right
            }
        }

        /// `A`, or `A & B & C`: their ids.
        mutating func nodes(into graph: inout Graph) throws(DiagramProblem) -> [String] {
            var ids = [try node(into: &graph)]
            while true {
                let save = position
                skipSpaces()
                guard peek() == "&" else {
                    position = save
                    return ids
                }
                position += 1
                skipSpaces()
                ids.append(try node(into: &graph))
            }
        }

        /// A node's id and, when it has one, its shape and label.
        mutating func node(into graph: inout Graph) throws(DiagramProblem) -> String {
            let start = position
            while let next = peek(), next.isLetter || next.isNumber || next == "_" { position += 1 }
            guard position > start else {
                throw .unreadable(line, "`\(rest)` does not start with a node's name")
            }
            let id = String(characters[start..<position])
            if starts(with: ":::") { throw .unsupported(line, "classes (`:::`)") }
            if starts(with: "@{") { throw .unsupported(line, "a shape given as `@{…}`") }
            guard let enclosure = FlowchartReader.enclosures.first(where: { starts(with: $0.opening) }) else {
                graph.mention(id)
                return id
            }
            guard let shape = enclosure.shape else { throw .unsupported(line, enclosure.name) }
            position += enclosure.opening.count
            let text = try enclosed(until: enclosure.closing, what: "the \(enclosure.name) of `\(id)`")
            graph.mention(id, lines: MermaidReader.labelLines(text), shape: shape)
            return id
        }

        /// A label up to `closing`, quoted (`"…"`, anything but a quote inside) or not.
        mutating func enclosed(until closing: String, what: String) throws(DiagramProblem) -> String {
            let save = position
            skipSpaces()
            if peek() == "\"" {
                let text = try quoted()
                skipSpaces()
                if starts(with: closing) {
                    position += closing.count
                    return text
                }
                position = save
            }
            let start = position
            while position < characters.count, !starts(with: closing) { position += 1 }
            guard position < characters.count else { throw .unreadable(line, "\(what) has no closing `\(closing)`") }
            let text = String(characters[start..<position])
            position += closing.count
            return MermaidReader.unquoted(text).trimmingCharacters(in: .whitespaces)
        }

        /// A double-quoted string at the current position, without its quotes.
        mutating func quoted() throws(DiagramProblem) -> String {
            position += 1
            let start = position
            while let next = peek(), next != "\"" { position += 1 }
            guard peek() == "\"" else { throw .unreadable(line, "a label's quote is never closed") }
            let text = String(characters[start..<position])
            position += 1
            if text.hasPrefix("`") { throw .unsupported(line, "a Markdown label (\"`…`\")") }
            return text
        }

        /// A link and its label, with empty ends for the caller to fill in; nil, and nothing
        /// read, when no link starts here.
        mutating func link() throws(DiagramProblem) -> Graph.Edge? {
            let start = position
            var edge = Graph.Edge(from: "", to: "")
            if peek() == "<" {
                edge.tail = true
                position += 1
            }
            guard let first = peek(), first == "-" || first == "=" else {
                position = start
                return nil
            }
            if first == "-", peek(1) == "." {
                edge.stroke = .dashed
                try dottedLink(&edge)
            } else {
                edge.stroke = first == "=" ? .thick : .solid
                let run = count(first)
                if peek() == ">" {
                    guard run >= 2 else {
                        position = start
                        return nil
                    }
                    position += 1
                    edge.length = run - 1
                } else if run >= 3 {
                    edge.head = false
                    edge.length = run - 2
                } else if run == 2, let end = peek(), end == "x" || end == "o", peek(1).map(\.isWhitespace) ?? true {
                    throw .unsupported(line, "links that end in a cross or a circle (`--x`, `--o`)")
                } else if run == 2 {
                    try labelledLink(&edge, dash: first)
                } else {
                    position = start
                    return nil
                }
            }
            if edge.tail && !edge.head { throw .unreadable(line, "a link with an arrowhead at its start only") }
            let save = position
            skipSpaces()
            if peek() == "|" {
                position += 1
                let text = try enclosed(until: "|", what: "a link's `|label|`")
                edge.lines = MermaidReader.labelLines(text)
            } else {
                position = save
            }
            return edge
        }

        /// How many `character`s in a row start here (read past them).
        mutating func count(_ character: Character) -> Int {
            var run = 0
            while peek() == character {
                run += 1
                position += 1
            }
            return run
        }

        /// After `--` or `==`: ` label -->` (or `---`, `==>`, `===`; longer for a longer link).
        mutating func labelledLink(_ edge: inout Graph.Edge, dash: Character) throws(DiagramProblem) {
            let start = position
            // The label ends where a closing run starts: two or more dashes and `>`, or three or more.
            var end = position
            while end < characters.count {
                if characters[end] == "\"" {
                    end = (characters[(end + 1)...].firstIndex(of: "\"") ?? characters.count - 1) + 1
                } else if characters[end] == dash {
                    var run = 0
                    while end + run < characters.count, characters[end + run] == dash { run += 1 }
                    let arrow = end + run < characters.count && characters[end + run] == ">"
                    if run >= 3 || (run >= 2 && arrow) { break }
                    end += run
                } else {
                    end += 1
                }
            }
            guard end < characters.count else { throw .unreadable(line, "a labelled link has no end (`-- label -->`)") }
            edge.lines = MermaidReader.labelLines(MermaidReader.unquoted(String(characters[start..<end])))
            position = end
            let run = count(dash)
            if peek() == ">" {
                position += 1
                edge.length = run - 1
            } else {
                edge.head = false
                edge.length = run - 2
            }
        }

        /// After `-.`: `->` or `-` (`-.->`, `-.-`, more dots for a longer link), or
        /// ` label .->` / ` label .-`.
        mutating func dottedLink(_ edge: inout Graph.Edge) throws(DiagramProblem) {
            position += 1
            let dots = count(".")
            if peek() == "-" {
                position += 1
                edge.length = dots
                edge.head = peek() == ">"
                if edge.head { position += 1 }
                return
            }
            let start = position
            var end = position
            while end + 1 < characters.count, !(characters[end] == "." && characters[end + 1] == "-") { end += 1 }
            guard end + 1 < characters.count else {
                throw .unreadable(line, "a dotted link has no end (`-. label .->`)")
            }
            edge.lines = MermaidReader.labelLines(MermaidReader.unquoted(String(characters[start..<end])))
            position = end
            edge.length = count(".")
            position += 1
            edge.head = peek() == ">"
            if edge.head { position += 1 }
        }
    }
}
