/// A sequence diagram as read from its Mermaid source, in order: `SequenceLayout` places it.
struct SequenceDiagram: Sendable, Equatable {
    struct Participant: Sendable, Equatable {
        var id: String
        var lines: [String]
    }

    struct Message: Sendable, Equatable {
        /// Indexes into `participants`.
        var from: Int
        var to: Int
        var lines: [String]
        /// `-->>`, `-->`, `--x`, `--)`: a dashed line (an answer, by convention).
        var dashed: Bool
        var head: Head

        var isSelf: Bool { from == to }
    }

    enum Head: String, Sendable {
        /// `->>`: a filled arrowhead.
        case filled
        /// `->`: no arrowhead.
        case none
        /// `-x`: a cross.
        case cross
        /// `-)`: an open arrowhead (an asynchronous message).
        case open
    }

    enum NotePlacement: Sendable, Equatable {
        /// `Note over A` or `Note over A,B`: from the first participant to the last.
        case over(Int, Int)
        case leftOf(Int)
        case rightOf(Int)
    }

    struct Note: Sendable, Equatable {
        var placement: NotePlacement
        var lines: [String]
    }

    /// A block that frames messages: `alt`, `opt`, `loop`, `par`, `critical`, `break`, and
    /// `rect` (a coloured background, no label).
    enum BlockKind: String, Sendable, CaseIterable {
        case alt, opt, loop, par, critical, `break`, rect

        /// The keyword that starts a further section of the block (`else` in an `alt`), if any.
        var branchKeyword: String? {
            switch self {
            case .alt: "else"
            case .par: "and"
            case .critical: "option"
            default: nil
            }
        }
    }

    enum Event: Sendable, Equatable {
        case message(Message)
        case note(Note)
        /// `alt condition`; for a `rect`, the label is its colour (`rgb(…)`).
        case blockStart(BlockKind, label: String)
        /// `else condition`
        case blockBranch(label: String)
        case blockEnd
    }

    var participants: [Participant] = []
    var events: [Event] = []

    /// The index of participant `id`, added at the end the first time it appears, as Mermaid
    /// adds a participant a message names before any `participant` line does.
    mutating func participant(_ id: String, lines: [String]? = nil) -> Int {
        if let index = participants.firstIndex(where: { $0.id == id }) {
            if let lines { participants[index].lines = lines }
            return index
        }
        participants.append(Participant(id: id, lines: lines ?? [id]))
        return participants.count - 1
    }
}
