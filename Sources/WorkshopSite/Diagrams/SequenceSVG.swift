/// Draws a `SequenceLayout` as SVG in one palette's colours, back to front: `rect` blocks'
/// colours, lifelines, frames, participants, notes, then messages. The arrowheads are shapes of
/// their own rather than SVG markers, which some SVG readers draw in black whatever the line's
/// colour.
enum SequenceSVG {
    static func svg(_ layout: SequenceLayout, palette: Palette) -> String {
        let style = layout.style
        var document = SVGDocument(width: layout.width, height: layout.height, fontSize: style.fontSize)

        for frame in layout.frames where frame.kind == .rect {
            guard let colour = SequenceReader.rectColour(frame.label) else { continue }
            document.rect(
                x: frame.rect.x, y: frame.rect.y, width: frame.rect.width, height: frame.rect.height,
                fill: hex(colour.red, colour.green, colour.blue), stroke: nil,
                opacity: colour.alpha * palette.rectOpacity)
        }
        for participant in layout.participants {
            document.line(
                x1: participant.x, y1: layout.lifelineTop, x2: participant.x, y2: layout.lifelineBottom,
                stroke: palette.lifeline)
        }
        for frame in layout.frames where frame.kind != .rect {
            draw(frame, in: &document, palette: palette, style: style)
        }
        for participant in layout.participants {
            for box in [participant.top, participant.bottom] {
                document.rect(
                    x: box.x, y: box.y, width: box.width, height: box.height, fill: palette.boxFill,
                    stroke: palette.boxStroke, radius: 3)
                let top = box.y + (box.height - Double(participant.lines.count) * style.lineHeight) / 2
                write(
                    SequenceLayout.Label(lines: participant.lines, x: box.midX, top: top, anchor: .middle),
                    in: &document,
                    fill: palette.text, style: style)
            }
        }
        for note in layout.notes {
            document.rect(
                x: note.rect.x, y: note.rect.y, width: note.rect.width, height: note.rect.height,
                fill: palette.noteFill, stroke: palette.noteStroke)
            write(note.label, in: &document, fill: palette.noteText, style: style)
        }
        for arrow in layout.arrows {
            draw(arrow, in: &document, palette: palette)
            if let label = arrow.label { write(label, in: &document, fill: palette.text, style: style) }
        }
        return document.rendered()
    }

    /// A label's lines, one `<text>` each: an SVG reader knows no line breaks.
    static func write(
        _ label: SequenceLayout.Label, in document: inout SVGDocument, fill: String, style: SequenceLayout.Style
    ) {
        for (index, line) in label.lines.enumerated() {
            document.text(
                line, x: label.x, y: baseline(label.top, line: index, style: style),
                anchor: label.anchor == .middle ? .middle : .start, fill: fill)
        }
    }

    /// Where the `line`th line's baseline is when the first line's box starts at `top`: the
    /// capitals (0.72 em high in Arial) centred in the line's height.
    static func baseline(_ top: Double, line: Int, style: SequenceLayout.Style) -> Double {
        top + Double(line) * style.lineHeight + style.lineHeight / 2 + 0.36 * style.fontSize
    }

    static let headLength = 10.0
    static let headHalfWidth = 4.5

    static func draw(_ arrow: SequenceLayout.Arrow, in document: inout SVGDocument, palette: Palette) {
        let message = arrow.message
        let width = 1.5
        if let bottom = arrow.loopBottom, let right = arrow.loopRight {
            // Right from the lifeline, down, and back to it, with rounded corners.
            let (x, y, r) = (arrow.fromX, arrow.y, 6.0)
            let n = SVGDocument.number
            let end = message.head == .filled ? x + headLength : x
            document.path(
                "M\(n(x)),\(n(y)) H\(n(right - r)) Q\(n(right)),\(n(y)) \(n(right)),\(n(y + r)) V\(n(bottom - r)) "
                    + "Q\(n(right)),\(n(bottom)) \(n(right - r)),\(n(bottom)) H\(n(end))",
                fill: "none", stroke: palette.line, width: width, dashed: message.dashed)
            head(message.head, tip: (x, bottom), direction: -1, in: &document, palette: palette)
            return
        }
        let direction: Double = arrow.toX >= arrow.fromX ? 1 : -1
        let end = message.head == .filled ? arrow.toX - direction * headLength : arrow.toX
        document.line(
            x1: arrow.fromX, y1: arrow.y, x2: end, y2: arrow.y, stroke: palette.line, width: width,
            dashed: message.dashed)
        head(message.head, tip: (arrow.toX, arrow.y), direction: direction, in: &document, palette: palette)
    }

    /// An arrowhead whose tip is at `tip`, pointing right (`direction` 1) or left (-1).
    static func head(
        _ head: SequenceDiagram.Head, tip: (x: Double, y: Double), direction: Double,
        in document: inout SVGDocument, palette: Palette
    ) {
        let back = tip.x - direction * headLength
        switch head {
        case .none:
            break
        case .filled:
            document.polygon(
                [(tip.x, tip.y), (back, tip.y - headHalfWidth), (back, tip.y + headHalfWidth)],
                fill: palette.line, stroke: palette.line)
        case .open:
            let n = SVGDocument.number
            document.path(
                "M\(n(back)),\(n(tip.y - headHalfWidth)) L\(n(tip.x)),\(n(tip.y)) L\(n(back)),\(n(tip.y + headHalfWidth))",
                fill: "none", stroke: palette.line, width: 1.5)
        case .cross:
            let size = 4.5
            let centre = tip.x - direction * size
            document.line(
                x1: centre - size, y1: tip.y - size, x2: centre + size, y2: tip.y + size, stroke: palette.line,
                width: 1.5)
            document.line(
                x1: centre - size, y1: tip.y + size, x2: centre + size, y2: tip.y - size, stroke: palette.line,
                width: 1.5)
        }
    }

    /// A block's frame: its outline, the tab naming its kind with the condition beside it, and a
    /// dashed line above each further section with that section's condition.
    static func draw(
        _ frame: SequenceLayout.Frame, in document: inout SVGDocument, palette: Palette, style: SequenceLayout.Style
    ) {
        let rect = frame.rect
        document.rect(
            x: rect.x, y: rect.y, width: rect.width, height: rect.height, fill: "none", stroke: palette.frameStroke)
        if let tab = frame.tab {
            let corner = 6.0
            document.polygon(
                [
                    (tab.x, tab.y), (tab.maxX, tab.y), (tab.maxX, tab.maxY - corner), (tab.maxX - corner, tab.maxY),
                    (tab.x, tab.maxY),
                ],
                fill: palette.frameTabFill, stroke: palette.frameStroke)
            let baseline = tab.y + tab.height / 2 + 0.36 * style.fontSize
            document.text(
                frame.kind.rawValue, x: tab.x + style.tabPadding, y: baseline, anchor: .start, fill: palette.text,
                bold: true)
            if !frame.label.isEmpty {
                document.text(
                    "[\(frame.label)]", x: tab.maxX + style.tabPadding, y: baseline, anchor: .start, fill: palette.text)
            }
        }
        for branch in frame.branches {
            document.line(
                x1: rect.x, y1: branch.y, x2: rect.maxX, y2: branch.y, stroke: palette.frameStroke, dashed: true)
            if !branch.label.isEmpty {
                document.text(
                    "[\(branch.label)]", x: rect.midX, y: baseline(branch.y + 4, line: 0, style: style),
                    anchor: .middle,
                    fill: palette.text)
            }
        }
    }

    static func hex(_ red: Int, _ green: Int, _ blue: Int) -> String {
        "#"
            + [red, green, blue].map { value in
                let digits = String(value, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }
}
