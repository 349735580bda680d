import Foundation

/// Writes a `Graph` as Graphviz's DOT, in one palette's colours, for `dot -Tsvg` to lay out and
/// draw. Graphviz is the standard for laying out graphs, in every Linux distribution: the
/// flowcharts and the state diagram are graphs, and their layout (ranks, few crossings, edges
/// routed around boxes) is the hard part, which it does well.
///
/// Graphviz has no stadium or subroutine shape, and its rounded boxes are all rounded alike: the
/// four box-like shapes are drawn as plain boxes with a class naming the shape, and
/// `GraphvizSVG` redraws each as Mermaid would (`margin` leaves room for a stadium's round ends).
enum DOTWriter {
    /// The size of a label's text, in pixels: Graphviz's points are written out as pixels.
    static let fontSize = 14
    static let edgeFontSize = 13
    /// Graphviz names the font in its SVG, and measures the labels with it (through Pango, which
    /// finds Arial's metric twin, Liberation Sans, on Debian).
    static let fontName = "Arial"

    static func dot(_ graph: Graph, palette: Palette) -> String {
        var lines = [
            "digraph diagram {",
            "  graph [rankdir=\(graph.direction.rawValue), bgcolor=\"transparent\", pad=\"0.1\", nodesep=\"0.35\", ranksep=\"0.45\"];",
            "  node [shape=box, style=filled, fontname=\(quoted(fontName)), fontsize=\(fontSize), fontcolor=\(quoted(palette.text)), "
                + "color=\(quoted(palette.boxStroke)), fillcolor=\(quoted(palette.boxFill)), margin=\"0.15,0.07\"];",
            "  edge [fontname=\(quoted(fontName)), fontsize=\(edgeFontSize), fontcolor=\(quoted(palette.lineText)), "
                + "color=\(quoted(palette.line)), arrowsize=\"0.8\", penwidth=\"1.2\"];",
        ]
        for node in graph.nodes {
            lines.append("  \(quoted(node.id)) [\(attributes(of: node, palette: palette))];")
        }
        for edge in graph.edges {
            let attributes = attributes(of: edge)
            lines.append(
                "  \(quoted(edge.from)) -> \(quoted(edge.to))" + (attributes.isEmpty ? ";" : " [\(attributes)];"))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func attributes(of node: Graph.Node, palette: Palette) -> String {
        var attributes = ["label=\(label(node.lines))"]
        switch node.shape {
        case .box, .rounded:
            attributes.append("class=\"\(node.shape.rawValue)\"")
        case .stadium:
            attributes += ["class=\"stadium\"", "margin=\"0.24,0.07\""]
        case .subroutine:
            attributes += ["class=\"subroutine\"", "margin=\"0.22,0.07\""]
        case .cylinder:
            attributes.append("shape=cylinder")
        case .diamond:
            // A diamond holds its label in its middle half: a small margin keeps it from growing
            // much larger than the boxes around it.
            attributes += ["shape=diamond", "margin=\"0.03,0.02\""]
        case .circle:
            attributes += ["shape=circle", "margin=\"0.04\""]
        case .hexagon:
            attributes += ["shape=hexagon", "margin=\"0.08,0.04\""]
        case .start:
            attributes += [
                "shape=circle", "width=\"0.2\"", "fixedsize=true", "color=\(quoted(palette.terminal))",
                "fillcolor=\(quoted(palette.terminal))",
            ]
        case .end:
            attributes += [
                "shape=doublecircle", "width=\"0.16\"", "fixedsize=true", "color=\(quoted(palette.terminal))",
                "fillcolor=\(quoted(palette.terminal))",
            ]
        }
        return attributes.joined(separator: ", ")
    }

    static func attributes(of edge: Graph.Edge) -> String {
        var attributes: [String] = []
        if !edge.lines.isEmpty { attributes.append("label=\(label(edge.lines))") }
        switch edge.stroke {
        case .solid: break
        case .dashed: attributes.append("style=dashed")
        case .thick: attributes.append("penwidth=\"2.5\"")
        }
        if !edge.head { attributes.append("arrowhead=none") }
        if edge.tail { attributes.append("dir=both") }
        if edge.length > 1 { attributes.append("minlen=\(edge.length)") }
        return attributes.joined(separator: ", ")
    }

    /// A label's lines as one DOT string, `\n` between them (Graphviz centres each line).
    static func label(_ lines: [String]) -> String {
        "\"" + lines.map(escaped).joined(separator: "\\n") + "\""
    }

    static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// Text inside a DOT string. A quote and a backslash are escaped for DOT; `&` is written
    /// `&amp;`, because Graphviz reads entities in labels (`&lt;` would become `<`) and a label's
    /// text is meant as written. Graphviz escapes `<`, `>` and `&` itself in its SVG.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "&": result += "&amp;"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
