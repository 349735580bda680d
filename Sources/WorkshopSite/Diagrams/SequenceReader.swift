import Foundation

/// Reads a sequence diagram (`sequenceDiagram`): participants (`participant A as Label`),
/// messages (`A->>B: text` and the other arrows of `arrows`), notes (`Note over A,B: …`,
/// `Note left of A: …`), blocks (`alt`/`else`/`end` and their kin, `rect rgb(…)`). `activate`
/// and `deactivate` are read and left out: the pictures draw no activation bars.
enum SequenceReader {
    /// Mermaid's arrows, longest first so that `-->>` is not read as `-->` and a `>`.
    static let arrows: [(token: String, dashed: Bool, head: SequenceDiagram.Head)] = [
        ("-->>", true, .filled), ("->>", false, .filled),
        ("--x", true, .cross), ("-x", false, .cross),
        ("--)", true, .open), ("-)", false, .open),
        ("-->", true, .none), ("->", false, .none),
    ]

    static let unsupportedKeywords: [String: String] = [
        "actor": "an actor (`actor`; write `participant`)", "autonumber": "numbered messages (`autonumber`)",
        "box": "a box around participants (`box`)", "create": "a participant created later (`create`)",
        "destroy": "a participant destroyed (`destroy`)", "link": "links on participants (`link`)",
        "links": "links on participants (`links`)", "properties": "participant properties (`properties`)",
        "details": "participant details (`details`)", "title": "a title (`title`)",
        "accTitle": "an accessible title (`accTitle`)", "accDescr": "an accessible description (`accDescr`)",
    ]

    static func read(_ lines: [MermaidReader.Line]) throws(DiagramProblem) -> SequenceDiagram {
        var diagram = SequenceDiagram()
        var open: [(kind: SequenceDiagram.BlockKind, line: Int)] = []
        for line in lines {
            let text = line.text
            let keyword = String(text.prefix { !$0.isWhitespace && $0 != ":" })
            let argument = text.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            if let what = unsupportedKeywords[keyword] { throw .unsupported(line.number, what) }
            switch keyword {
            case "participant":
                try participant(argument, line: line.number, into: &diagram)
            case "activate", "deactivate":
                continue
            case "Note", "note":
                diagram.events.append(.note(try note(argument, line: line.number, into: &diagram)))
            case "end":
                guard open.popLast() != nil else { throw .unreadable(line.number, "an `end` with no block to end") }
                diagram.events.append(.blockEnd)
            default:
                if let kind = SequenceDiagram.BlockKind(rawValue: keyword) {
                    if kind == .rect, rectColour(argument) == nil {
                        throw .unsupported(line.number, "a `rect` colour other than `rgb(…)` or `rgba(…)`")
                    }
                    open.append((kind, line.number))
                    diagram.events.append(.blockStart(kind, label: argument))
                } else if let block = open.last, keyword == block.kind.branchKeyword {
                    diagram.events.append(.blockBranch(label: argument))
                } else if ["else", "and", "option"].contains(keyword) {
                    throw .unreadable(
                        line.number, "`\(keyword)` outside the block it belongs to (`alt`, `par`, `critical`)")
                } else {
                    diagram.events.append(.message(try message(text, line: line.number, into: &diagram)))
                }
            }
        }
        if let block = open.last { throw .unreadable(block.line, "this `\(block.kind.rawValue)` has no `end`") }
        return diagram
    }

    /// `A` or `A as Label`.
    private static func participant(_ text: String, line: Int, into diagram: inout SequenceDiagram)
        throws(DiagramProblem)
    {
        let parts = text.components(separatedBy: " as ")
        let id = parts[0].trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty, isName(id) else { throw .unreadable(line, "`participant \(text)` names no participant") }
        let label = parts.count > 1 ? parts.dropFirst().joined(separator: " as ") : nil
        _ = diagram.participant(id, lines: label.map { MermaidReader.labelLines($0) })
    }

    /// A participant's id: anything but what the arrows and the rest of the syntax use.
    private static func isName(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && !text.contains { "-+>:,;".contains($0) }
    }

    /// `over A: …`, `over A,B: …`, `left of A: …`, `right of A: …`.
    private static func note(_ text: String, line: Int, into diagram: inout SequenceDiagram) throws(DiagramProblem)
        -> SequenceDiagram.Note
    {
        guard let colon = text.firstIndex(of: ":") else {
            throw .unreadable(line, "a note without `:` before its text")
        }
        let place = text[..<colon].trimmingCharacters(in: .whitespaces)
        let lines = MermaidReader.labelLines(text[text.index(after: colon)...])
        func named(_ text: some StringProtocol) throws(DiagramProblem) -> Int {
            let id = text.trimmingCharacters(in: .whitespaces)
            guard isName(id) else { throw .unreadable(line, "`\(id)` is not a participant's name") }
            return diagram.participant(id)
        }
        if place.hasPrefix("over ") {
            let ids = place.dropFirst("over ".count).split(separator: ",")
            guard (1...2).contains(ids.count) else { throw .unreadable(line, "a note over \(ids.count) participants") }
            var indexes: [Int] = []
            for id in ids { indexes.append(try named(id)) }
            return .init(placement: .over(indexes.min()!, indexes.max()!), lines: lines)
        }
        if place.hasPrefix("left of ") {
            return .init(placement: .leftOf(try named(place.dropFirst("left of ".count))), lines: lines)
        }
        if place.hasPrefix("right of ") {
            return .init(placement: .rightOf(try named(place.dropFirst("right of ".count))), lines: lines)
        }
        throw .unreadable(line, "`Note \(place)` is not `over`, `left of` or `right of` a participant")
    }

    /// `A->>B: text`, with any arrow of `arrows`; a `+` or `-` before `B` (activation) is read
    /// and left out.
    private static func message(_ text: Substring, line: Int, into diagram: inout SequenceDiagram)
        throws(DiagramProblem) -> SequenceDiagram.Message
    {
        if text.contains("<<->>") || text.contains("<<-->>") { throw .unsupported(line, "two-way arrows (`<<->>`)") }
        guard let dash = text.firstIndex(of: "-"),
            let arrow = arrows.first(where: { text[dash...].hasPrefix($0.token) })
        else {
            throw .unreadable(line, "`\(text)` is not a message (`A->>B: text`), a note, a block or a participant")
        }
        let afterArrow = text[text.index(dash, offsetBy: arrow.token.count)...]
        let colon = afterArrow.firstIndex(of: ":")
        var target = (colon.map { afterArrow[..<$0] } ?? afterArrow).trimmingCharacters(in: .whitespaces)[...]
        if target.first == "+" || target.first == "-" { target = target.dropFirst() }
        let source = text[..<dash].trimmingCharacters(in: .whitespaces)
        guard isName(source), isName(target.trimmingCharacters(in: .whitespaces)) else {
            throw .unreadable(line, "`\(text)` is not a message between two participants (`A->>B: text`)")
        }
        let from = diagram.participant(source)
        let to = diagram.participant(target.trimmingCharacters(in: .whitespaces))
        let lines = colon.map { MermaidReader.labelLines(afterArrow[afterArrow.index(after: $0)...]) } ?? []
        return .init(from: from, to: to, lines: lines == [""] ? [] : lines, dashed: arrow.dashed, head: arrow.head)
    }

    /// A `rect`'s colour, `rgb(r, g, b)` or `rgba(r, g, b, a)`: its components, alpha 0…1.
    static func rectColour(_ text: some StringProtocol) -> (red: Int, green: Int, blue: Int, alpha: Double)? {
        let text = text.replacingOccurrences(of: " ", with: "")
        let body: Substring
        if text.hasPrefix("rgba("), text.hasSuffix(")") {
            body = text.dropFirst(5).dropLast()
        } else if text.hasPrefix("rgb("), text.hasSuffix(")") {
            body = text.dropFirst(4).dropLast()
        } else {
            return nil
        }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == (text.hasPrefix("rgba") ? 4 : 3) else { return nil }
        let rgb = parts.prefix(3).compactMap { Int($0) }.filter { (0...255).contains($0) }
        guard rgb.count == 3 else { return nil }
        let alpha = parts.count == 4 ? Double(parts[3]) : 1
        guard let alpha, (0...1).contains(alpha) else { return nil }
        return (rgb[0], rgb[1], rgb[2], alpha)
    }
}
