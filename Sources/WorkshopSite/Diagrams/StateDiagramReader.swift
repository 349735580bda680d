/// Reads a state diagram (`stateDiagram-v2`): `direction`, states named with
/// `state "label" as id` or `id : label`, transitions `a --> b` with an optional `: label`, and
/// `[*]` for the start (on the left of an arrow) and the end (on the right). Composite states,
/// forks, choices, notes and concurrency are problems.
enum StateDiagramReader {
    /// The ids of the start and end nodes: `[*]` cannot be a state's own id.
    static let startID = "[*]start"
    static let endID = "[*]end"

    static func read(_ lines: [MermaidReader.Line]) throws(DiagramProblem) -> Graph {
        // Mermaid draws a state diagram from the top down unless told otherwise.
        var graph = Graph(direction: .topDown)
        for line in lines {
            let text = line.text
            let words = text.split(separator: " ", omittingEmptySubsequences: true)
            switch words[0] {
            case "direction":
                guard words.count == 2, let direction = Graph.Direction(mermaid: words[1]) else {
                    throw .unreadable(line.number, "`\(text)` is not a direction (TB, BT, LR, RL)")
                }
                graph.direction = direction
            case "state":
                try declaration(text.dropFirst("state".count), line: line.number, into: &graph)
            case "note", "classDef", "class", "style", "hide", "scale", "title", "accTitle", "accDescr", "--", "}":
                throw .unsupported(line.number, "`\(words[0])` in a state diagram")
            default:
                if text.contains(":::") { throw .unsupported(line.number, "classes (`:::`)") }
                if let arrow = text.range(of: "-->") {
                    try transition(
                        from: text[..<arrow.lowerBound], rest: text[arrow.upperBound...], line: line.number,
                        into: &graph)
                } else if let colon = text.firstIndex(of: ":") {
                    let id = try stateID(text[..<colon], line: line.number)
                    graph.mention(
                        id, lines: MermaidReader.labelLines(text[text.index(after: colon)...]), shape: .rounded)
                } else {
                    graph.mention(try stateID(text, line: line.number), shape: .rounded)
                }
            }
        }
        return graph
    }

    /// After `state`: `"label" as id`, or a bare `id`.
    private static func declaration(_ text: Substring, line: Int, into graph: inout Graph) throws(DiagramProblem) {
        let text = text.trimmingCharacters(in: .whitespaces)[...]
        if text.contains("{") { throw .unsupported(line, "a composite state (`state … {`)") }
        if text.contains("<<") { throw .unsupported(line, "a fork, join or choice (`<<…>>`)") }
        if text.first == "\"" {
            guard let close = text.dropFirst().firstIndex(of: "\""),
                case let after = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces),
                after.hasPrefix("as ")
            else {
                throw .unreadable(line, "`state \(text)` is not `state \"label\" as id`")
            }
            let id = try stateID(after.dropFirst(3), line: line)
            graph.mention(
                id, lines: MermaidReader.labelLines(text[text.index(after: text.startIndex)..<close]), shape: .rounded)
        } else {
            graph.mention(try stateID(text, line: line), shape: .rounded)
        }
    }

    /// `a --> b` or `a --> b: label`, where `[*]` is the start on the left, the end on the right.
    private static func transition(from left: Substring, rest: Substring, line: Int, into graph: inout Graph)
        throws(DiagramProblem)
    {
        let colon = rest.firstIndex(of: ":")
        let right = colon.map { rest[..<$0] } ?? rest
        let from = try end(left, start: true, line: line, into: &graph)
        let to = try end(right, start: false, line: line, into: &graph)
        var edge = Graph.Edge(from: from, to: to)
        if let colon { edge.lines = MermaidReader.labelLines(rest[rest.index(after: colon)...]) }
        graph.edges.append(edge)
    }

    private static func end(_ text: Substring, start: Bool, line: Int, into graph: inout Graph) throws(DiagramProblem)
        -> String
    {
        guard text.trimmingCharacters(in: .whitespaces) == "[*]" else {
            let id = try stateID(text, line: line)
            graph.mention(id, shape: .rounded)
            return id
        }
        let id = start ? startID : endID
        graph.mention(id, lines: [], shape: start ? .start : .end)
        return id
    }

    /// A state's id: letters, digits and `_`.
    private static func stateID(_ text: some StringProtocol, line: Int) throws(DiagramProblem) -> String {
        let id = text.trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw .unreadable(line, "`\(id)` is not a state's name")
        }
        return id
    }
}
