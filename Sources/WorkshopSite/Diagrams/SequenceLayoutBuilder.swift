/// How a `SequenceLayout` is worked out: the labels wrapped, the columns placed, then the rows
/// from top to bottom, each block's frame sized once its end is reached, and last the picture's
/// size.
extension SequenceLayout {
    struct Builder {
        let diagram: SequenceDiagram
        let style: Style
        /// The labels as drawn, wrapped, by participant and by event.
        var participantLines: [[String]] = []
        var eventLines: [[String]] = []

        /// A label wraps at its style's width, or wider where the participants' boxes alone set
        /// their columns further apart than that: a message between distant columns keeps to
        /// one line if it fits there.
        init(diagram: SequenceDiagram, style: Style) {
            self.diagram = diagram
            self.style = style
            participantLines = diagram.participants.map { wrap($0.lines, at: style.participantWrap) }
            eventLines = diagram.events.map { _ in [] }
            let x = columns()
            let lastColumn = diagram.participants.count - 1
            eventLines = diagram.events.map { event in
                switch event {
                case .message(let message) where message.isSelf:
                    let room =
                        message.from < lastColumn
                        ? x[message.from + 1] - x[message.from] - style.selfTextOffset - style.labelPadding : 0
                    return wrap(message.lines, at: max(style.messageWrap, room))
                case .message(let message):
                    return wrap(
                        message.lines,
                        at: max(style.messageWrap, abs(x[message.to] - x[message.from]) - 2 * style.labelPadding))
                case .note(let note):
                    guard case .over(let first, let last) = note.placement else {
                        return wrap(note.lines, at: style.noteWrap)
                    }
                    let room = x[last] - x[first] + 2 * style.noteOverhang - 2 * style.notePadding.x
                    return wrap(note.lines, at: max(style.noteWrap, room))
                default:
                    return []
                }
            }
        }

        func wrap(_ lines: [String], at width: Double) -> [String] {
            lines.flatMap { TextMetrics.wrap($0, maxWidth: width, size: style.fontSize) }
        }

        func textWidth(_ lines: [String]) -> Double {
            lines.map { TextMetrics.width($0, size: style.fontSize) }.max() ?? 0
        }

        func textHeight(_ lines: [String]) -> Double {
            Double(lines.count) * style.lineHeight
        }

        static func extent(of label: Label, style: Style) -> (Double, Double) {
            let width = label.lines.map { TextMetrics.width($0, size: style.fontSize) }.max() ?? 0
            return label.anchor == .middle ? (label.x - width / 2, label.x + width / 2) : (label.x, label.x + width)
        }

        var boxWidths: [Double] {
            participantLines.map { max(style.boxMinWidth, textWidth($0) + 2 * style.boxPadding.x) }
        }

        /// The lifelines' x, the first at 0.
        func columns() -> [Double] {
            let count = diagram.participants.count
            guard count > 0 else { return [] }
            // distance[i][j]: how far column j must be right of column i (i < j).
            var distance = Array(repeating: Array(repeating: 0.0, count: count), count: count)
            func need(_ i: Int, _ j: Int, _ value: Double) {
                guard i >= 0, j < count, i < j else { return }
                distance[i][j] = max(distance[i][j], value)
            }
            let boxes = boxWidths
            for i in 0..<(count - 1) { need(i, i + 1, (boxes[i] + boxes[i + 1]) / 2 + style.boxGap) }
            for (event, lines) in zip(diagram.events, eventLines) {
                let width = textWidth(lines)
                switch event {
                case .message(let message) where message.isSelf:
                    need(
                        message.from, message.from + 1,
                        style.selfTextOffset + max(width, style.selfLoop.width) + style.labelPadding)
                case .message(let message):
                    need(min(message.from, message.to), max(message.from, message.to), width + 2 * style.labelPadding)
                case .note(let note):
                    let noteWidth = max(style.noteMinWidth, width + 2 * style.notePadding.x)
                    switch note.placement {
                    case .rightOf(let index): need(index, index + 1, noteWidth + 2 * style.noteOffset)
                    case .leftOf(let index): need(index - 1, index, noteWidth + 2 * style.noteOffset)
                    case .over(let first, let last): need(first, last, noteWidth - 2 * style.noteOverhang)
                    }
                default:
                    break
                }
            }
            var x = [0.0]
            for j in 1..<count {
                x.append((0..<j).map { x[$0] + distance[$0][j] }.max() ?? 0)
            }
            return x
        }

        /// The open blocks while the rows are placed, innermost last.
        struct OpenFrame {
            var frame: Frame
            /// How far across what it frames reaches so far.
            var extent: (Double, Double)?

            mutating func include(_ range: (Double, Double)) {
                extent = extent.map { (min($0.0, range.0), max($0.1, range.1)) } ?? range
            }
        }

        func run(into layout: inout SequenceLayout) {
            let x = columns()
            let boxes = boxWidths
            let boxHeight = (participantLines.map(textHeight).max() ?? style.lineHeight) + 2 * style.boxPadding.y
            var y = style.margin
            for (index, lines) in participantLines.enumerated() {
                let top = Rect(x: x[index] - boxes[index] / 2, y: y, width: boxes[index], height: boxHeight)
                layout.participants.append(Participant(lines: lines, x: x[index], top: top, bottom: top))
            }
            y += boxHeight
            layout.lifelineTop = y
            y += style.rowGap + 4

            var open: [OpenFrame] = []
            func include(_ range: (Double, Double)) {
                if !open.isEmpty { open[open.count - 1].include(range) }
            }
            for (event, lines) in zip(diagram.events, eventLines) {
                switch event {
                case .message(let message):
                    let (from, to) = (x[message.from], x[message.to])
                    let textWidth = textWidth(lines)
                    var arrow = Arrow(message: message, fromX: from, toX: to, y: 0)
                    if !lines.isEmpty {
                        arrow.label =
                            message.isSelf
                            ? Label(lines: lines, x: from + style.selfTextOffset, top: y, anchor: .start)
                            : Label(lines: lines, x: (from + to) / 2, top: y, anchor: .middle)
                    }
                    arrow.y = y + (lines.isEmpty ? 4 : textHeight(lines) + style.textGap)
                    if message.isSelf {
                        arrow.loopRight = from + style.selfLoop.width
                        arrow.loopBottom = arrow.y + style.selfLoop.height
                        y = arrow.y + style.selfLoop.height + style.rowGap
                        include((from, from + max(style.selfLoop.width, style.selfTextOffset + textWidth)))
                    } else {
                        y = arrow.y + style.rowGap
                        include((min(from, to), max(from, to)))
                    }
                    layout.arrows.append(arrow)
                case .note(let note):
                    let width = max(style.noteMinWidth, textWidth(lines) + 2 * style.notePadding.x)
                    let left: Double =
                        switch note.placement {
                        case .rightOf(let index): x[index] + style.noteOffset
                        case .leftOf(let index): x[index] - style.noteOffset - width
                        case .over(let first, let last):
                            (x[first] + x[last]) / 2 - max(width, x[last] - x[first] + 2 * style.noteOverhang) / 2
                        }
                    let noteWidth: Double =
                        switch note.placement {
                        case .over(let first, let last): max(width, x[last] - x[first] + 2 * style.noteOverhang)
                        default: width
                        }
                    let rect = Rect(
                        x: left, y: y, width: noteWidth, height: textHeight(lines) + 2 * style.notePadding.y)
                    layout.notes.append(
                        Note(
                            rect: rect,
                            label: Label(lines: lines, x: rect.midX, top: y + style.notePadding.y, anchor: .middle)))
                    include((rect.x, rect.maxX))
                    y = rect.maxY + style.rowGap
                case .blockStart(let kind, let label):
                    let tabHeight = kind == .rect ? 0 : style.lineHeight + 4
                    let frame = Frame(
                        kind: kind, label: label, rect: Rect(x: 0, y: y, width: 0, height: 0),
                        tab: nil, branches: [], depth: open.count)
                    open.append(OpenFrame(frame: frame))
                    y += tabHeight + (kind == .rect ? 6 : 8)
                case .blockBranch(let label):
                    guard !open.isEmpty else { continue }
                    let divider = y - style.rowGap / 2 + 3
                    open[open.count - 1].frame.branches.append(Branch(y: divider, label: label))
                    y = divider + 4 + style.lineHeight + 8
                case .blockEnd:
                    guard var closing = open.popLast() else { continue }
                    let bottom = y - style.rowGap + 8
                    layout.frames.append(finish(&closing, bottom: bottom, columns: x))
                    include((closing.frame.rect.x, closing.frame.rect.maxX))
                    y = bottom + style.rowGap
                }
            }
            // The reader allows no block without its end; were one open, it would end here.
            while var closing = open.popLast() {
                layout.frames.append(finish(&closing, bottom: y - style.rowGap + 8, columns: x))
            }
            layout.lifelineBottom = y + 4
            for index in layout.participants.indices {
                layout.participants[index].bottom.y = layout.lifelineBottom
            }
            layout.height = layout.lifelineBottom + boxHeight + style.margin

            let extents = layout.horizontalExtents
            let left = extents.map(\.0).min() ?? 0
            let right = extents.map(\.1).max() ?? 0
            layout.shift(by: style.margin - left)
            layout.width = right - left + 2 * style.margin
        }

        /// A block's frame, now that its bottom and what it frames are known: as wide as what it
        /// frames and a padding, and at least as wide as its labels.
        func finish(_ open: inout OpenFrame, bottom: Double, columns x: [Double]) -> Frame {
            var frame = open.frame
            let extent = open.extent ?? (x.first ?? 0, x.last ?? 0)
            var left = extent.0 - style.framePadding
            var right = extent.1 + style.framePadding
            if frame.kind != .rect {
                let tabWidth = TextMetrics.width(frame.kind.rawValue, size: style.fontSize) + 2 * style.tabPadding + 6
                let condition =
                    frame.label.isEmpty
                    ? 0 : TextMetrics.width("[\(frame.label)]", size: style.fontSize) + style.tabPadding
                right = max(right, left + tabWidth + condition + style.framePadding)
                for branch in frame.branches where !branch.label.isEmpty {
                    let width = TextMetrics.width("[\(branch.label)]", size: style.fontSize) + 2 * style.framePadding
                    if right - left < width {
                        let grow = (width - (right - left)) / 2
                        left -= grow
                        right += grow
                    }
                }
                frame.tab = Rect(x: left, y: frame.rect.y, width: tabWidth, height: style.lineHeight + 4)
            }
            frame.rect = Rect(x: left, y: frame.rect.y, width: right - left, height: bottom - frame.rect.y)
            open.frame = frame
            return frame
        }
    }
}
