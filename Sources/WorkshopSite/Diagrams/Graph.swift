/// A flowchart or a state diagram as read from its Mermaid source: boxes and arrows, which
/// Graphviz lays out (`DOTWriter`). Both kinds become this one model because Graphviz draws them
/// the same way; only their shapes differ.
struct Graph: Sendable, Equatable {
    /// The way the ranks go, in Graphviz's words (`rankdir`).
    enum Direction: String, Sendable {
        case topDown = "TB"
        case bottomUp = "BT"
        case leftRight = "LR"
        case rightLeft = "RL"

        /// Mermaid's direction word (`TD`, `TB`, `BT`, `LR`, `RL`), or nil.
        init?(mermaid word: some StringProtocol) {
            switch word.uppercased() {
            case "TD", "TB": self = .topDown
            case "BT": self = .bottomUp
            case "LR": self = .leftRight
            case "RL": self = .rightLeft
            default: return nil
            }
        }
    }

    enum Shape: String, Sendable, CaseIterable {
        /// `A["…"]` and a bare `A`: a box with barely rounded corners, as Mermaid draws it.
        case box
        /// `A("…")`, and a state: a box with clearly rounded corners.
        case rounded
        /// `A(["…"])`: a box whose ends are half circles.
        case stadium
        /// `A[["…"]]`: a box with a second line inside each end.
        case subroutine
        /// `A[("…")]`: a database.
        case cylinder
        /// `A{"…"}`: a decision.
        case diamond
        /// `A(("…"))`
        case circle
        /// `A{{"…"}}`
        case hexagon
        /// A state diagram's `[*]` on the left of an arrow: a small filled circle.
        case start
        /// A state diagram's `[*]` on the right of an arrow: a filled circle in a ring.
        case end
    }

    struct Node: Sendable, Equatable {
        var id: String
        /// The label's lines (`<br/>` breaks them); a bare node shows its id.
        var lines: [String]
        var shape: Shape
    }

    enum Stroke: String, Sendable {
        case solid, dashed, thick
    }

    struct Edge: Sendable, Equatable {
        var from: String
        var to: String
        var lines: [String] = []
        var stroke: Stroke = .solid
        /// An arrowhead at `to` (`-->`), or none (`---`).
        var head = true
        /// An arrowhead at `from` too (`<-->`).
        var tail = false
        /// Mermaid's longer arrows (`--->`) span more ranks: 1 for the usual length.
        var length = 1
    }

    var direction: Direction
    /// In the order they first appear, which Graphviz keeps within a rank where it can.
    var nodes: [Node] = []
    var edges: [Edge] = []

    init(direction: Direction) {
        self.direction = direction
    }

    /// Adds a node the first time its id appears; a later mention with a shape or a label
    /// changes them, as in Mermaid (`C -- no --> S` first, `S{"…"}` further down).
    mutating func mention(_ id: String, lines: [String]? = nil, shape: Shape? = nil) {
        if let index = nodes.firstIndex(where: { $0.id == id }) {
            if let lines { nodes[index].lines = lines }
            if let shape { nodes[index].shape = shape }
        } else {
            nodes.append(Node(id: id, lines: lines ?? [id], shape: shape ?? .box))
        }
    }
}
