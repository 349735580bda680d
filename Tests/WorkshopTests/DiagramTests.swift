import Foundation
import Testing
@testable import Workshop
@testable import WorkshopSite

/// Graphviz draws the flowcharts and the state diagram; a learner may run the tests without it.
/// CI installs it (`.ci/run`).
private let graphvizInstalled = Graphviz.find() != nil
private let needsGraphviz = Testing.ConditionTrait.enabled(
    if: graphvizInstalled,
    "Graphviz's `dot` is not on PATH (sudo apt-get install graphviz): the site's flowcharts are not drawn here")

/// The repository's Mermaid diagrams: every fence of the chapters and the exercises' pages.
private func repositoryDiagrams() throws -> [(location: String, source: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let manager = FileManager.default
    var files = try manager.contentsOfDirectory(atPath: root.appendingPathComponent("chapters").path)
        .filter { $0.hasSuffix(".md") }.map { "chapters/\($0)" }
    files += try manager.contentsOfDirectory(atPath: root.appendingPathComponent("exercises").path)
        .map { "exercises/\($0)/README.md" }.filter { manager.fileExists(atPath: root.appendingPathComponent($0).path) }
    var diagrams: [(String, String)] = []
    for file in files.sorted() {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        for fence in Markdown.fences(in: text) where fence.language == "mermaid" {
            diagrams.append(("\(file):\(fence.openingLine)", fence.body))
        }
    }
    return diagrams
}

private func graph(_ source: String) throws -> Graph {
    guard case .graph(let graph) = try MermaidReader.read(source) else { throw WorkshopError("not a graph: \(source)") }
    return graph
}

private func sequence(_ source: String) throws -> SequenceDiagram {
    guard case .sequence(let diagram) = try MermaidReader.read(source) else {
        throw WorkshopError("not a sequence diagram")
    }
    return diagram
}

private func problem(_ source: String) -> DiagramProblem? {
    do {
        _ = try MermaidReader.read(source)
        return nil
    } catch {
        return error
    }
}

@Suite("Mermaid read: flowcharts and the state diagram")
struct DiagramReadingTests {
    @Test("Each node shape is read with its label, quoted or not; a bare node is a box named by its id")
    func shapes() throws {
        let graph = try graph(
            """
            flowchart TD
                A["box"] --> B("rounded")
                C(["stadium"]) --> D[["subroutine"]]
                E[("cylinder")] --> F{"diamond"}
                G(("circle")) --> H{{"hexagon"}}
                I[unquoted text] --> J
            """)
        #expect(graph.direction == .topDown)
        #expect(graph.nodes.map(\.id) == ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"])
        #expect(
            graph.nodes.map(\.shape) == [
                .box, .rounded, .stadium, .subroutine, .cylinder, .diamond, .circle, .hexagon, .box, .box,
            ])
        #expect(
            graph.nodes.map(\.lines) == [
                ["box"], ["rounded"], ["stadium"], ["subroutine"], ["cylinder"], ["diamond"],
                ["circle"], ["hexagon"], ["unquoted text"], ["J"],
            ])
    }

    @Test("Every kind of link: arrows, open links, labels inside or between bars, dotted, thick, longer, two-way")
    func links() throws {
        let graph = try graph(
            """
            graph LR
                A --> B
                A --- C
                A -- yes --> D
                A -- "none, or UTF-8" --> E
                A -->|why| F
                A -. "byte for byte" .-> G
                A -.-> H
                A -- "insert" --- I
                A ==> J
                A ---> K
                A <--> L
                A -.- M
            """)
        #expect(graph.direction == .leftRight)
        let edges = graph.edges
        #expect(edges.count == 12)
        #expect(edges.map(\.to) == ["B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"])
        #expect(edges.map(\.head) == [true, false, true, true, true, true, true, false, true, true, true, false])
        #expect(
            edges.map(\.stroke) == [
                .solid, .solid, .solid, .solid, .solid, .dashed, .dashed, .solid, .thick, .solid, .solid, .dashed,
            ])
        #expect(
            edges.map(\.lines) == [
                [], [], ["yes"], ["none, or UTF-8"], ["why"], ["byte for byte"], [], ["insert"], [], [], [], [],
            ])
        #expect(edges[9].length == 2)
        #expect(edges[10].tail)
        #expect(edges.filter(\.tail).count == 1)
    }

    @Test("A chain is one edge a link, `&` one edge a pair, and a later mention gives a node its shape")
    func chainsAndGroups() throws {
        let graph = try graph(
            """
            flowchart LR
                C -- no --> S
                A & B --> Z["end"] --> S{"decide"}
                X --> Y; Y --> X
            """)
        #expect(graph.edges.map { "\($0.from)>\($0.to)" } == ["C>S", "A>Z", "B>Z", "Z>S", "X>Y", "Y>X"])
        #expect(graph.nodes.first { $0.id == "S" }?.shape == .diamond)
        #expect(graph.nodes.first { $0.id == "S" }?.lines == ["decide"])
        #expect(graph.nodes.map(\.id) == ["C", "S", "A", "B", "Z", "X", "Y"])
    }

    @Test("`<br/>` breaks a label into lines; `&`, `<` and entity codes are text")
    func labels() {
        #expect(MermaidReader.labelLines("one<br/>two<br>three<br />four") == ["one", "two", "three", "four"])
        #expect(MermaidReader.labelLines("a & b < c > d") == ["a & b < c > d"])
        #expect(MermaidReader.labelLines("say #quot;hi#quot; #35;1") == ["say \"hi\" #1"])
        #expect(MermaidReader.labelLines("issue #12 stays") == ["issue #12 stays"])
    }

    @Test("The state diagram: direction, named states, the start and the end, labels, a self-loop")
    func stateDiagram() throws {
        let graph = try graph(
            """
            stateDiagram-v2
                direction LR
                state "not started" as idle
                state "finished" as done
                [*] --> idle
                idle --> done: finish(), the result
                done --> done: cancel(), nothing to cancel
                done --> [*]
            """)
        #expect(graph.direction == .leftRight)
        let ids = [StateDiagramReader.startID, "idle", "done", StateDiagramReader.endID]
        #expect(Set(graph.nodes.map(\.id)) == Set(ids))
        #expect(graph.nodes.first { $0.id == "idle" }?.lines == ["not started"])
        #expect(graph.nodes.first { $0.id == "idle" }?.shape == .rounded)
        #expect(graph.nodes.first { $0.id == StateDiagramReader.startID }?.shape == .start)
        #expect(graph.nodes.first { $0.id == StateDiagramReader.endID }?.shape == .end)
        #expect(
            graph.edges.map { "\($0.from)>\($0.to)" } == ["\(ids[0])>idle", "idle>done", "done>done", "done>\(ids[3])"])
        #expect(graph.edges.map(\.lines) == [[], ["finish(), the result"], ["cancel(), nothing to cancel"], []])
    }
}

@Suite("Mermaid read: sequence diagrams, and what is not drawn")
struct SequenceReadingTests {
    @Test("Participants in order, with their labels; one a message names first is added after them")
    func participants() throws {
        let diagram = try sequence(
            """
            sequenceDiagram
                participant C as caller's thread
                participant D as delegate queue<br/>(serial)
                participant P
                C->>X: new
            """)
        #expect(diagram.participants.map(\.id) == ["C", "D", "P", "X"])
        #expect(
            diagram.participants.map(\.lines) == [["caller's thread"], ["delegate queue", "(serial)"], ["P"], ["X"]])
    }

    @Test("Messages with each arrow, notes in each place, blocks with their sections, in order")
    func events() throws {
        let diagram = try sequence(
            """
            sequenceDiagram
                participant A
                participant B
                A->>B: solid
                B-->>A: dashed
                A->B: no head
                A-->B: dashed, no head
                A-xB: cross
                A-)B: async
                A->>A: self
                A->>+B: activates
                activate B
                Note over A: one
                Note over A,B: both: and a colon
                Note right of B: right
                Note left of A: left
                alt a network error
                    A->>B: in alt
                else no error
                    B->>A: in else
                end
                loop forever
                    opt maybe
                        A->>B: deep
                    end
                end
            """)
        let messages = diagram.events.compactMap { if case .message(let message) = $0 { message } else { nil } }
        #expect(
            messages.map(\.lines) == [
                ["solid"], ["dashed"], ["no head"], ["dashed, no head"], ["cross"], ["async"], ["self"],
                ["activates"], ["in alt"], ["in else"], ["deep"],
            ])
        #expect(messages.map(\.dashed) == [false, true, false, true, false, false, false, false, false, false, false])
        #expect(messages.prefix(6).map(\.head) == [.filled, .filled, .none, .none, .cross, .open])
        #expect(messages[6].isSelf)
        #expect(messages[7].to == 1)
        let notes = diagram.events.compactMap { if case .note(let note) = $0 { note } else { nil } }
        #expect(notes.map(\.placement) == [.over(0, 0), .over(0, 1), .rightOf(1), .leftOf(0)])
        #expect(notes[1].lines == ["both: and a colon"])
        let blocks = diagram.events.filter {
            if case .message = $0 { false } else if case .note = $0 { false } else { true }
        }
        #expect(
            blocks == [
                .blockStart(.alt, label: "a network error"), .blockBranch(label: "no error"), .blockEnd,
                .blockStart(.loop, label: "forever"), .blockStart(.opt, label: "maybe"), .blockEnd, .blockEnd,
            ])
    }

    @Test(
        "What the renderer does not draw is a problem naming the line, not a crash",
        arguments: [
            ("flowchart LR\n    A --> B\n    subgraph one", 3, "subgraph"),
            ("flowchart LR\n    A[/slanted/] --> B", 2, "parallelogram"),
            ("flowchart LR\n    A --> B\n    style A fill:#f9f", 3, "style"),
            ("flowchart LR\n    A:::warm --> B", 2, "classes"),
            ("flowchart LR\n    A --x B", 2, "cross"),
            ("sequenceDiagram\n    actor A\n    A->>B: hi", 2, "actor"),
            ("sequenceDiagram\n    autonumber", 2, "autonumber"),
            ("stateDiagram-v2\n    state Busy {\n    }", 2, "composite"),
            ("stateDiagram-v2\n    note right of A: hi", 2, "note"),
            ("classDiagram\n    A <|-- B", 1, "classDiagram"),
            ("%%{init: {'theme': 'forest'}}%%\nflowchart LR", 1, "directive"),
        ])
    func unsupported(source: String, line: Int, word: String) throws {
        let found = try #require(problem(source))
        #expect(found.line == line)
        #expect(found.message.contains(word))
        #expect(found.message.hasSuffix("which the site's renderer does not draw"))
    }

    @Test(
        "What is not Mermaid is a problem naming the line too",
        arguments: [
            ("flowchart LR\n    A --> \"B\"", 2),
            ("flowchart LR\n    A[\"no end --> B", 2),
            ("flowchart sideways", 1),
            ("sequenceDiagram\n    A->>B: one\n    end", 3),
            ("sequenceDiagram\n    alt one\n    A->>B: two", 2),
            ("sequenceDiagram\n    opt one\n    else two\n    end", 3),
            ("sequenceDiagram\n    A says hello to B", 2),
            ("", 1),
            ("%% nothing yet\nsequenceDiagram", 2),
            ("graph TD;", 1),
        ])
    func unreadable(source: String, line: Int) throws {
        let found = try #require(problem(source))
        #expect(found.line == line)
    }

    @Test("The renderer reports a problem at the Markdown file's own line, and draws the rest")
    func rendererProblems() throws {
        let temporary = try TemporaryCourse()
        let renderer = MermaidRenderer(cache: temporary.root.appendingPathComponent("cache"))
        let broken = Diagram(name: "p-diagram-1", source: "flowchart LR\n    A --> B\n    subgraph S", line: 10)
        let fine = Diagram(name: "p-diagram-2", source: "sequenceDiagram\n    A->>B: hi", line: 20)
        let result = try renderer.draw([(broken, "chapters/p.md"), (fine, "chapters/p.md")])
        #expect(
            result.problems == [
                "chapters/p.md:13: the diagram uses a subgraph (`subgraph`), which the site's renderer does not draw"
            ])
        #expect(result.drawings.keys.sorted() == ["p-diagram-2"])
        #expect(result.drawn == 1)
        let again = try renderer.draw([(fine, "chapters/p.md")])
        #expect(again.drawn == 0, "the second build takes the pictures from the cache")
        #expect(again.drawings["p-diagram-2"] == result.drawings["p-diagram-2"])
    }

    @Test("Every diagram of the chapters and the exercises is read without a problem")
    func repository() throws {
        let diagrams = try repositoryDiagrams()
        #expect(diagrams.count >= 25)
        for (location, source) in diagrams {
            #expect(throws: Never.self, "\(location)") { _ = try MermaidReader.read(source) }
        }
    }
}

@Suite("Sequence diagrams laid out and drawn")
struct SequenceLayoutTests {
    static let source = """
        sequenceDiagram
            participant C as caller
            participant M as HTTPSessionManager
            participant U as URLSession
            participant D as task delegate
            C->>M: GET
            M->>M: resolve against the base URL, a long self-message that needs room
            M->>U: dataTask(with:)
            Note over M: taskDidResume
            U->>D: didReceive response (the manager finds D in its task table)
            alt a network error
                D->>C: failure
            else no network error, whatever the status is, for a long else
                D-->>M: success
                Note right of M: the serializer
            end
            Note over C,D: again, until the end
            Note left of C: first
        """

    func layout() throws -> SequenceLayout {
        SequenceLayout(try sequence(Self.source))
    }

    @Test("Participants stand in order, their boxes apart, the same at the top and the bottom")
    func participants() throws {
        let layout = try layout()
        #expect(
            layout.participants.map(\.lines) == [["caller"], ["HTTPSessionManager"], ["URLSession"], ["task delegate"]])
        for (left, right) in zip(layout.participants, layout.participants.dropFirst()) {
            #expect(left.x < right.x)
            #expect(left.top.maxX < right.top.x)
        }
        for participant in layout.participants {
            #expect(abs(participant.top.midX - participant.x) < 0.001)
            #expect(participant.bottom.x == participant.top.x && participant.bottom.y > participant.top.maxY)
            let label = participant.lines.map { TextMetrics.width($0, size: layout.style.fontSize) }.max() ?? 0
            #expect(label < participant.top.width)
        }
        #expect(layout.lifelineTop == layout.participants[0].top.maxY)
        #expect(layout.lifelineBottom == layout.participants[0].bottom.y)
    }

    @Test("Each message is one arrow between its participants' lifelines, in order, its text between them")
    func arrows() throws {
        let layout = try layout()
        let messages = try sequence(Self.source).events.compactMap {
            if case .message(let message) = $0 { message } else { nil }
        }
        #expect(layout.arrows.map(\.message) == messages)
        for arrow in layout.arrows {
            #expect(arrow.fromX == layout.participants[arrow.message.from].x)
            #expect(arrow.toX == layout.participants[arrow.message.to].x)
            #expect(arrow.y > layout.lifelineTop && arrow.y < layout.lifelineBottom)
            let label = try #require(arrow.label)
            let width = label.lines.map { TextMetrics.width($0, size: layout.style.fontSize) }.max() ?? 0
            #expect(label.top + Double(label.lines.count) * layout.style.lineHeight <= arrow.y)
            if arrow.message.isSelf {
                #expect(label.x > arrow.fromX)
            } else {
                #expect(label.x - width / 2 > min(arrow.fromX, arrow.toX))
                #expect(label.x + width / 2 < max(arrow.fromX, arrow.toX))
            }
        }
        #expect(zip(layout.arrows, layout.arrows.dropFirst()).allSatisfy { $0.y < $1.y })
        // The long message between neighbours wrapped, and its columns moved apart to fit it.
        #expect(layout.arrows[3].label?.lines.count == 2)
    }

    @Test("A self-message loops out to the right and back to its own lifeline, its text before the next column")
    func selfMessage() throws {
        let layout = try layout()
        let loop = layout.arrows[1]
        #expect(loop.message.isSelf)
        #expect(loop.fromX == loop.toX)
        #expect(try #require(loop.loopRight) > loop.fromX)
        #expect(try #require(loop.loopBottom) > loop.y)
        let label = try #require(loop.label)
        let width = label.lines.map { TextMetrics.width($0, size: layout.style.fontSize) }.max() ?? 0
        #expect(label.x + width < layout.participants[2].x)
        #expect(layout.arrows[2].y > loop.loopBottom!)
    }

    @Test(
        "Notes sit where they are placed, around their text; frames enclose their messages, a dashed line between sections"
    )
    func notesAndFrames() throws {
        let layout = try layout()
        let x = layout.participants.map(\.x)
        #expect(layout.notes.count == 4)
        let (over, right, both, left) = (layout.notes[0], layout.notes[1], layout.notes[2], layout.notes[3])
        #expect(over.rect.x < x[1] && over.rect.maxX > x[1])
        #expect(right.rect.x > x[1] && right.rect.maxX < x[2])
        #expect(both.rect.x < x[0] && both.rect.maxX > x[3])
        #expect(left.rect.maxX < x[0] && left.rect.x >= 0)
        for note in layout.notes {
            let width = note.label.lines.map { TextMetrics.width($0, size: layout.style.fontSize) }.max() ?? 0
            #expect(width < note.rect.width)
            #expect(note.label.top > note.rect.y)
            #expect(note.label.top + Double(note.label.lines.count) * layout.style.lineHeight < note.rect.maxY)
        }
        let frame = try #require(layout.frames.first)
        #expect(frame.kind == .alt)
        #expect(frame.label == "a network error")
        let inside = layout.arrows[4...5]
        for arrow in inside {
            #expect(frame.rect.x < min(arrow.fromX, arrow.toX) && frame.rect.maxX > max(arrow.fromX, arrow.toX))
            #expect(frame.rect.y < arrow.y && frame.rect.maxY > arrow.y)
        }
        #expect(frame.rect.contains(right.rect))
        #expect(!frame.rect.contains(both.rect))
        #expect(frame.branches.count == 1)
        let divider = frame.branches[0].y
        #expect(inside.first!.y < divider && divider < inside.last!.y)
        let elseWidth = TextMetrics.width("[\(frame.branches[0].label)]", size: layout.style.fontSize)
        #expect(elseWidth < frame.rect.width)
        let tab = try #require(frame.tab)
        #expect(layout.arrows[3].y < frame.rect.y && tab.y == frame.rect.y && tab.x == frame.rect.x)
    }

    @Test("Nested frames: the inner one inside the outer one")
    func nestedFrames() throws {
        let layout = SequenceLayout(
            try sequence(
                """
                sequenceDiagram
                    A->>B: one
                    loop every time
                        opt sometimes
                            B->>C: two
                        end
                    end
                """))
        #expect(layout.frames.map(\.kind) == [.opt, .loop])
        #expect(layout.frames[1].rect.contains(layout.frames[0].rect))
        #expect(layout.frames[0].rect != layout.frames[1].rect)
    }

    @Test("Everything is inside the picture, and the SVG is standalone: its size set, text escaped, no scripts")
    func svg() throws {
        let layout = try layout()
        for extent in layout.horizontalExtents {
            #expect(extent.0 >= 0 && extent.1 <= layout.width)
        }
        let svg = SequenceSVG.svg(
            SequenceLayout(
                try sequence(
                    """
                    sequenceDiagram
                        participant A as one<br/>two & <three>
                        A->>B: "x" < y & z
                    """)), palette: .light)
        #expect(
            svg.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""))
        #expect(svg.contains(">one</text>") && svg.contains(">two &amp; &lt;three&gt;</text>"))
        #expect(svg.contains(">&quot;x&quot; &lt; y &amp; z</text>"))
        #expect(
            !svg.contains("<script") && !svg.contains("href") && !svg.contains("<foreignObject") && !svg.contains("<br")
        )
        #expect(svg.components(separatedBy: "<svg").count == 2 && svg.hasSuffix("</svg>\n"))
    }

    @Test("The light and the dark pictures differ only in colour, and the same diagram always gives the same bytes")
    func palettesAndDeterminism() throws {
        let drawing = try MermaidRenderer.drawing(of: Self.source) {
            throw WorkshopError("no Graphviz for a sequence diagram")
        }
        #expect(drawing == (try MermaidRenderer.drawing(of: Self.source) { throw WorkshopError("") }))
        #expect(drawing.light.contains(Palette.light.text) && !drawing.light.contains(Palette.dark.text))
        #expect(drawing.dark.contains(Palette.dark.text) && !drawing.dark.contains(Palette.light.text))
        func geometry(_ svg: String) -> String {
            svg.replacingOccurrences(of: "#[0-9A-Fa-f]{6}", with: "", options: .regularExpression)
        }
        #expect(geometry(drawing.light) == geometry(drawing.dark))
    }

    @Test(
        "Each variant of the tour draws as a sequence diagram, one arrow per message it writes",
        arguments: Tour.Variant.allCases)
    func tour(variant: Tour.Variant) async throws {
        let source = try await Tour.run(variant).mermaid
        let layout = SequenceLayout(try sequence(source))
        let messages = source.split(separator: "\n").filter { $0.contains(">>") }
        #expect(layout.arrows.count == messages.count)
        #expect(layout.notes.count == source.components(separatedBy: "Note over").count - 1)
        _ = try MermaidRenderer.drawing(of: source) { throw WorkshopError("a sequence diagram needs no Graphviz") }
    }

    @Test("Text widths are Arial's, and wrapping breaks at spaces within the width")
    func metrics() {
        #expect(TextMetrics.width("Hello", size: 1000) == 722 + 556 + 222 + 222 + 556)
        #expect(TextMetrics.width("é", size: 1000) == TextMetrics.width("e", size: 1000))
        #expect(TextMetrics.width("ch 3–4 · …", size: 14) > TextMetrics.width("ch 3-4 . .", size: 14))
        let lines = TextMetrics.wrap(
            "one two three four five six", maxWidth: TextMetrics.width("one two three", size: 14), size: 14)
        #expect(lines == ["one two three", "four five six"])
        #expect(TextMetrics.wrap("unbreakable", maxWidth: 5, size: 14) == ["unbreakable"])
    }
}

@Suite("Graphs written as DOT and drawn by Graphviz")
struct GraphDrawingTests {
    @Test("Shapes and links become Graphviz's attributes, labels DOT strings with `&`, quotes and backslashes escaped")
    func dot() throws {
        let graph = try graph(
            """
            flowchart LR
                A["#quot;hi#quot; &lt; back\\slash<br/>a < b & c"] -.-> B(["end"])
                B --- C{"x"}
                C ==> D[["queue"]]
                D <--> E[("table")]
                E ---> F
            """)
        let dot = DOTWriter.dot(graph, palette: .light)
        #expect(dot.hasPrefix("digraph diagram {\n  graph [rankdir=LR"))
        #expect(dot.contains(#""A" [label="\"hi\" &amp;lt; back\\slash\na < b &amp; c", class="box"];"#))
        #expect(dot.contains(#""B" [label="end", class="stadium""#))
        #expect(dot.contains(#""C" [label="x", shape=diamond"#))
        #expect(dot.contains(#""D" [label="queue", class="subroutine""#))
        #expect(dot.contains(#""E" [label="table", shape=cylinder];"#))
        #expect(dot.contains(#""A" -> "B" [style=dashed];"#))
        #expect(dot.contains(#""B" -> "C" [arrowhead=none];"#))
        #expect(dot.contains(#""C" -> "D" [penwidth="2.5"];"#))
        #expect(dot.contains(#""D" -> "E" [dir=both];"#))
        #expect(dot.contains(#""E" -> "F" [minlen=2];"#))
        #expect(DOTWriter.quoted("back\\slash") == #""back\\slash""#)
    }

    @Test("Graphviz's SVG is made standalone: no DOCTYPE, comments or titles, pixels, Mermaid's box shapes")
    func cleaned() {
        let svg = GraphvizSVG.cleaned(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"
             "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <!-- Generated by graphviz version 2.43.0 (0)
             -->
            <!-- Title: diagram Pages: 1 -->
            <svg width="150pt" height="44pt"
             viewBox="0.00 0.00 149.69 44.00" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
            <g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate(4 40)">
            <title>diagram</title>
            <polygon fill="transparent" stroke="transparent" points="-4,4 -4,-40 145.69,-40 145.69,4 -4,4"/>
            <g id="node1" class="node stadium">
            <title>A</title>
            <polygon fill="#ececff" stroke="#9370db" points="110,-36 10,-36 10,-6 110,-6 110,-36"/>
            <text text-anchor="middle" x="60" y="-17.3" font-family="Arial" font-size="14.00">a &amp; b</text>
            </g>
            <g id="node2" class="node subroutine">
            <polygon fill="#ececff" stroke="#9370db" points="140,-36 120,-36 120,-6 140,-6 140,-36"/>
            </g>
            </g>
            </svg>
            """)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg width=\"150\" height=\"44\"\n"))
        #expect(
            !svg.contains("DOCTYPE") && !svg.contains("<!--") && !svg.contains("<title>")
                && !svg.contains("transparent"))
        #expect(
            svg.contains(
                ##"<rect fill="#ececff" stroke="#9370db" x="10" y="-36" width="100" height="30" rx="15" ry="15"/>"##))
        #expect(
            svg.contains(
                ##"<rect fill="#ececff" stroke="#9370db" x="120" y="-36" width="20" height="30" rx="0" ry="0"/>"##))
        #expect(svg.contains(##"<line x1="128" y1="-36" x2="128" y2="-6" stroke="#9370db"/>"##))
        #expect(svg.contains("font-family=\"\(TextMetrics.fontFamily)\""))
    }

    @Test(
        "A flowchart drawn by Graphviz: its labels escaped, one picture per palette, the same bytes each time",
        needsGraphviz)
    func drawn() throws {
        let source = """
            flowchart LR
                A["fields<br/>joined with &"] --> B{"a < b?"}
                B -- "yes & no" --> C(["done"])
            """
        let drawing = try MermaidRenderer.drawing(of: source) { try #require(Graphviz.find()) }
        for svg in [drawing.light, drawing.dark] {
            #expect(svg.contains(">fields</text>") && svg.contains(">joined with &amp;</text>"))
            #expect(svg.contains(">a &lt; b?</text>") && svg.contains(">yes &amp; no</text>"))
            #expect(svg.contains("<rect ") && svg.contains("<polygon "))
        }
        #expect(drawing.light.contains(Palette.light.boxFill) && drawing.dark.contains(Palette.dark.boxFill))
        #expect(drawing == (try MermaidRenderer.drawing(of: source) { try #require(Graphviz.find()) }))
    }

    @Test("Every diagram of the chapters and the exercises draws, light and dark, as a standalone SVG", needsGraphviz)
    func repository() throws {
        let dot = try #require(Graphviz.find())
        for (location, source) in try repositoryDiagrams() {
            let drawing = try MermaidRenderer.drawing(of: source) { dot }
            for svg in [drawing.light, drawing.dark] {
                #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "), "\(location)")
                #expect(
                    svg.range(of: #"<svg[^>]* width="[0-9.]+" height="[0-9.]+""#, options: .regularExpression) != nil,
                    "\(location)")
                #expect(
                    !svg.contains("<script") && !svg.contains("<foreignObject") && !svg.contains("<!DOCTYPE"),
                    "\(location)")
                #expect(!svg.contains("href=") && !svg.contains("<br") && !svg.contains("url("), "\(location)")
                #expect(svg.contains("</text>"), "\(location)")
            }
        }
    }
}
