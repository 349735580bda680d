import Foundation
import Workshop

/// Graphviz's `dot`, found on PATH: it lays out and draws the flowcharts and the state diagram.
struct Graphviz: Sendable {
    let executable: URL

    /// `dot` on PATH, or nil.
    static func find() -> Graphviz? {
        Shell.executable(named: "dot").map(Graphviz.init)
    }

    static let installHint = """
        Graphviz is not installed: its `dot` lays out the site's flowcharts and state diagrams. \
        On Debian or Ubuntu: sudo apt-get install graphviz
        """

    /// The SVG `dot` draws for `source`, made standalone by `GraphvizSVG.cleaned`. The DOT goes
    /// in a file and the SVG comes out in one (`-o`): what `dot` prints is only its complaints,
    /// and a refusal is a `DiagramProblem`.
    func svg(dot source: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workshop-dot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("diagram.dot")
        let output = folder.appendingPathComponent("diagram.svg")
        try source.write(to: input, atomically: true, encoding: .utf8)
        let run = try Shell.run([executable.path, "-Tsvg", "-o", output.path, input.path], in: folder)
        guard run.succeeded, let svg = try? String(contentsOf: output, encoding: .utf8) else {
            // Line 0: the fence's own line, since the DOT, not a line of the diagram, was refused.
            throw DiagramProblem(
                line: 0, message: "Graphviz could not draw the diagram (dot exited with \(run.status)): \(run.output)")
        }
        return GraphvizSVG.cleaned(svg)
    }
}

/// What the site changes in the SVG `dot` writes, line by line (`dot` writes one element a line):
/// - the XML prologue, the DOCTYPE (a reference to the W3C's DTD), comments and `<title>`s
///   (ids such as `%3` and `A->B`, which a browser would show as tooltips) go;
/// - the size is in pixels, not points, so that 14-point labels are 14 pixels, the size of the
///   sequence diagrams' and close to the page's text;
/// - `transparent` becomes `none`, which every SVG reader knows;
/// - the font is the list `TextMetrics.fontFamily`, not Arial alone;
/// - a box-like node (see `DOTWriter`) is redrawn as a rectangle with the corners its Mermaid
///   shape has, and a subroutine gets its inner lines.
enum GraphvizSVG {
    static func cleaned(_ svg: String) -> String {
        var lines: [String] = []
        var inComment = false
        var started = false
        var nodeShape: Graph.Shape?
        for line in svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if !started {
                guard line.hasPrefix("<svg") else { continue }
                started = true
            }
            if inComment {
                if line.contains("-->") { inComment = false }
                continue
            }
            if line.hasPrefix("<!--") {
                inComment = !line.contains("-->")
                continue
            }
            if line.hasPrefix("<title>") { continue }
            var line =
                line
                .replacingOccurrences(of: "fill=\"transparent\"", with: "fill=\"none\"")
                .replacingOccurrences(of: "stroke=\"transparent\"", with: "stroke=\"none\"")
                .replacingOccurrences(
                    of: "font-family=\"\(DOTWriter.fontName)\"", with: "font-family=\"\(TextMetrics.fontFamily)\"")
            if line.hasPrefix("<svg") { line = pixels(line) }
            if line.hasPrefix("<g ") {
                nodeShape = shape(ofGroup: line)
            } else if let shape = nodeShape, line.hasPrefix("<polygon ") {
                lines += redrawn(line, as: shape)
                nodeShape = nil
                continue
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + lines.joined(separator: "\n") + "\n"
    }

    /// `width="150pt" height="44pt"` as `width="150" height="44"`.
    static func pixels(_ line: String) -> String {
        var line = line
        for attribute in ["width", "height"] {
            guard let value = value(of: attribute, in: line), value.hasSuffix("pt") else { continue }
            line = line.replacingOccurrences(
                of: "\(attribute)=\"\(value)\"", with: "\(attribute)=\"\(value.dropLast(2))\"")
        }
        return line
    }

    /// The Mermaid shape a node's `<g class="node …">` names, if it is one redrawn here.
    static func shape(ofGroup line: String) -> Graph.Shape? {
        guard let classes = value(of: "class", in: line)?.split(separator: " "), classes.first == "node" else {
            return nil
        }
        return classes.dropFirst().lazy.compactMap { Graph.Shape(rawValue: String($0)) }
            .first { [.box, .rounded, .stadium, .subroutine].contains($0) }
    }

    /// A box's `<polygon>` as a `<rect>` with the shape's corners (and a subroutine's lines).
    static func redrawn(_ polygon: String, as shape: Graph.Shape) -> [String] {
        guard let points = value(of: "points", in: polygon) else { return [polygon] }
        let coordinates = points.split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
        let xs = coordinates.compactMap(\.first)
        let ys = coordinates.compactMap { $0.count == 2 ? $0[1] : nil }
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else {
            return [polygon]
        }
        let (width, height) = (right - left, bottom - top)
        let radius: Double =
            switch shape {
            case .box: 4
            case .rounded: 10
            case .stadium: height / 2
            default: 0
            }
        let n = SVGDocument.number
        let geometry =
            "x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"\(n(radius))\" ry=\"\(n(radius))\""
        let rect = polygon.replacingOccurrences(of: "<polygon ", with: "<rect ")
            .replacingOccurrences(of: "points=\"\(points)\"", with: geometry)
        guard shape == .subroutine else { return [rect] }
        let stroke = value(of: "stroke", in: polygon) ?? "currentColor"
        let inset = 8.0
        return [rect]
            + [left + inset, right - inset].map { x in
                "<line x1=\"\(n(x))\" y1=\"\(n(top))\" x2=\"\(n(x))\" y2=\"\(n(bottom))\" stroke=\"\(stroke)\"/>"
            }
    }

    /// The value of `name="…"` in an element's line.
    static func value(of name: String, in line: String) -> String? {
        guard let start = line.range(of: " \(name)=\"") ?? line.range(of: "\n\(name)=\""),
            let end = line[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(line[start.upperBound..<end])
    }
}
