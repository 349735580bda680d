import Foundation
import Workshop

/// Draws the chapters' Mermaid diagrams as SVG files when the site is built, so that the site
/// shows pictures with no script and no network at read time. DocC does not draw Mermaid, and a
/// diagram drawn by the reader's browser would need mermaid.js from a CDN.
///
/// Nor does the build fetch anything: Debian has no mermaid.js, and a course machine should need
/// only the Swift toolchain and Debian's packages. So the renderer reads the subset of Mermaid
/// the course is written in (`MermaidReader`) and draws it itself. Flowcharts and the state
/// diagram are graphs, laid out and drawn by Graphviz's `dot` (Debian's `graphviz`); sequence
/// diagrams are laid out here (`SequenceLayout`) and written as SVG (`SequenceSVG`). Mermaid the
/// renderer does not draw is a problem of its page, at its line, never a picture missing a part.
///
/// Each diagram has two pictures, for the light and the dark appearance (`Palette`). Each is kept
/// in a cache named by its source's hash: an unchanged diagram is not drawn again, and a site
/// whose flowcharts are all cached builds without Graphviz.
struct MermaidRenderer {
    /// Part of every cache key: a change to the drawing draws everything again. (The pictures of
    /// the mermaid.js renderer this one replaced had other keys.)
    static let rendererVersion = "offline-1"

    let cache: URL

    /// Both pictures of a diagram: for the light and the dark appearance.
    struct Drawing: Sendable, Equatable {
        var light: String
        var dark: String
    }

    /// Draws every diagram, from the cache where it can. A diagram that cannot be drawn is a
    /// problem of its page, reported as `file:line: …` at the line it is about. `file` is the
    /// page's path as messages show it.
    func draw(_ diagrams: [(diagram: Diagram, file: String)]) throws -> (
        drawings: [String: Drawing], drawn: Int, problems: [String]
    ) {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        var drawings: [String: Drawing] = [:]
        var problems: [String] = []
        var drawn = 0
        var graphviz: Graphviz?
        func findGraphviz() throws -> Graphviz {
            if let graphviz { return graphviz }
            guard let found = Graphviz.find() else { throw WorkshopError(Graphviz.installHint) }
            graphviz = found
            return found
        }
        for (diagram, file) in diagrams {
            let files = Palette.both.map {
                cache.appendingPathComponent("\(Self.key(diagram.source, theme: $0.name)).svg")
            }
            let cached = files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
            if cached.count == 2 {
                drawings[diagram.name] = Drawing(light: cached[0], dark: cached[1])
                continue
            }
            let drawing: Drawing
            do {
                drawing = try Self.drawing(of: diagram.source, graphviz: findGraphviz)
            } catch let problem as DiagramProblem {
                problems.append("\(file):\(diagram.line + problem.line): \(problem.message)")
                continue
            }
            try drawing.light.write(to: files[0], atomically: true, encoding: .utf8)
            try drawing.dark.write(to: files[1], atomically: true, encoding: .utf8)
            drawings[diagram.name] = drawing
            drawn += 1
        }
        return (drawings, drawn, problems)
    }

    /// Both pictures of the diagram `source`. Throws a `DiagramProblem` for a diagram that cannot
    /// be drawn; `graphviz` is asked for only by a diagram Graphviz draws.
    static func drawing(of source: String, graphviz: () throws -> Graphviz) throws -> Drawing {
        switch try MermaidReader.read(source) {
        case .graph(let graph):
            let dot = try graphviz()
            let pictures = try Palette.both.map { try dot.svg(dot: DOTWriter.dot(graph, palette: $0)) }
            return Drawing(light: pictures[0], dark: pictures[1])
        case .sequence(let sequence):
            let layout = SequenceLayout(sequence)
            let pictures = Palette.both.map { SequenceSVG.svg(layout, palette: $0) }
            return Drawing(light: pictures[0], dark: pictures[1])
        }
    }

    /// A stable name for a drawing: FNV-1a over the renderer's version, the theme and the source,
    /// in hex.
    static func key(_ source: String, theme: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(rendererVersion)|\(theme)|\(source)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
