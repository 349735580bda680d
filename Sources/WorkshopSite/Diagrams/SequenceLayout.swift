/// Where everything of a sequence diagram goes, in pixels: participants in columns, one row per
/// message, note or block edge, from top to bottom. Graphviz does not lay out sequence diagrams
/// (they are not graphs: their order is the point), and the layout is simple enough to do here.
///
/// The columns are as far apart as the labels between them need: each message's text must fit
/// between the lifelines it joins, a self-message's text and a note beside a lifeline between it
/// and the next, and neighbouring boxes must not touch. Each of those is a minimum distance
/// between two columns; placing the columns left to right, each at the largest distance any of
/// them asks from a column on its left, meets all of them with no column further than it must be.
///
/// Long labels wrap at spaces (`Style.messageWrap`): the page shows a diagram at most about
/// 800 pixels wide, and one drawn wider is scaled down, text and all. Mermaid does not wrap
/// unless told to; a picture whose text stays legible is worth the difference.
struct SequenceLayout: Sendable {
    struct Style: Sendable {
        var fontSize = 14.0
        var lineHeight = 17.0
        /// Around the whole picture.
        var margin = 12.0
        var boxPadding = (x: 14.0, y: 9.0)
        var boxMinWidth = 90.0
        /// Between neighbouring participants' boxes.
        var boxGap = 24.0
        /// Between a message's text and either lifeline it joins.
        var labelPadding = 12.0
        var messageWrap = 280.0
        var participantWrap = 170.0
        var noteWrap = 240.0
        /// Between one row and the next.
        var rowGap = 14.0
        /// Between a message's text and its arrow.
        var textGap = 3.0
        var selfLoop = (width: 28.0, height: 18.0)
        /// Where a self-message's text starts, right of its lifeline.
        var selfTextOffset = 8.0
        var notePadding = (x: 10.0, y: 6.0)
        /// Between a lifeline and a note left or right of it.
        var noteOffset = 10.0
        /// How far a note over participants reaches past their lifelines.
        var noteOverhang = 18.0
        var noteMinWidth = 80.0
        /// Between a block's frame and what it frames.
        var framePadding = 10.0
        var tabPadding = 8.0
    }

    struct Rect: Sendable, Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var maxX: Double { x + width }
        var maxY: Double { y + height }
        var midX: Double { x + width / 2 }

        func contains(_ other: Rect) -> Bool {
            other.x >= x && other.maxX <= maxX && other.y >= y && other.maxY <= maxY
        }

        func shifted(by dx: Double) -> Rect { Rect(x: x + dx, y: y, width: width, height: height) }
    }

    /// Lines of text, `top` being the top of the first line's box.
    struct Label: Sendable, Equatable {
        enum Anchor: String, Sendable { case start, middle }
        var lines: [String]
        var x: Double
        var top: Double
        var anchor: Anchor
    }

    struct Participant: Sendable, Equatable {
        var lines: [String]
        /// The lifeline's x.
        var x: Double
        var top: Rect
        var bottom: Rect
    }

    struct Arrow: Sendable, Equatable {
        var message: SequenceDiagram.Message
        /// The lifelines it joins: the same x for a self-message.
        var fromX: Double
        var toX: Double
        /// The line's y; a self-message's loop goes right from here and comes back at `loopBottom`.
        var y: Double
        var loopBottom: Double?
        var label: Label?
        /// How far right a self-message's loop reaches.
        var loopRight: Double?
    }

    struct Note: Sendable, Equatable {
        var rect: Rect
        var label: Label
    }

    struct Frame: Sendable, Equatable {
        var kind: SequenceDiagram.BlockKind
        /// The condition (`[a network error]` is drawn from `a network error`), or a `rect`'s colour.
        var label: String
        var rect: Rect
        /// The tab in the top left corner that names the kind (`alt`); none for a `rect`.
        var tab: Rect?
        /// Each further section (`else`): the y of its dashed line and its condition.
        var branches: [Branch]
        /// Frames nest: the outermost is 0.
        var depth: Int
    }

    struct Branch: Sendable, Equatable {
        var y: Double
        var label: String
    }

    var style: Style
    var width: Double
    var height: Double
    var participants: [Participant] = []
    var arrows: [Arrow] = []
    var notes: [Note] = []
    var frames: [Frame] = []
    var lifelineTop = 0.0
    var lifelineBottom = 0.0

    init(_ diagram: SequenceDiagram, style: Style = Style()) {
        self.style = style
        width = 0
        height = 0
        Builder(diagram: diagram, style: style).run(into: &self)
    }

    /// Everything that takes room across: each participant's boxes, notes, frames and labels.
    var horizontalExtents: [(Double, Double)] {
        var extents = participants.map { ($0.top.x, $0.top.maxX) }
        extents += notes.map { ($0.rect.x, $0.rect.maxX) } + frames.map { ($0.rect.x, $0.rect.maxX) }
        for arrow in arrows {
            extents.append((min(arrow.fromX, arrow.toX), max(arrow.fromX, arrow.toX, arrow.loopRight ?? arrow.toX)))
            if let label = arrow.label { extents.append(Builder.extent(of: label, style: style)) }
        }
        return extents
    }

    /// Moves everything right by `dx`.
    mutating func shift(by dx: Double) {
        for index in participants.indices {
            participants[index].x += dx
            participants[index].top = participants[index].top.shifted(by: dx)
            participants[index].bottom = participants[index].bottom.shifted(by: dx)
        }
        for index in arrows.indices {
            arrows[index].fromX += dx
            arrows[index].toX += dx
            arrows[index].loopRight = arrows[index].loopRight.map { $0 + dx }
            arrows[index].label?.x += dx
        }
        for index in notes.indices {
            notes[index].rect = notes[index].rect.shifted(by: dx)
            notes[index].label.x += dx
        }
        for index in frames.indices {
            frames[index].rect = frames[index].rect.shifted(by: dx)
            frames[index].tab = frames[index].tab?.shifted(by: dx)
        }
    }
}
