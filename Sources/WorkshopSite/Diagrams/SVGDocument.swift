import Foundation

/// A standalone SVG picture, written element by element: one `<svg>` with its size in pixels,
/// shapes and `<text>` only (no scripts, no styles, no links, no HTML), numbers rounded to
/// hundredths, so that the same drawing always comes out as the same bytes.
struct SVGDocument {
    var width: Double
    var height: Double
    var fontSize: Double
    private(set) var elements: [String] = []

    init(width: Double, height: Double, fontSize: Double) {
        self.width = width
        self.height = height
        self.fontSize = fontSize
    }

    enum Anchor: String {
        case start, middle, end
    }

    /// A dashed stroke's pattern, as Mermaid draws a dotted message or link.
    static let dashes = "5,4"

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String?,
        radius: Double = 0, opacity: Double = 1, dashed: Bool = false
    ) {
        var attributes = [
            ("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(width)),
            ("height", Self.number(height)),
        ]
        if radius > 0 { attributes += [("rx", Self.number(radius)), ("ry", Self.number(radius))] }
        attributes.append(("fill", fill))
        if opacity < 1 { attributes.append(("fill-opacity", Self.number(opacity))) }
        attributes.append(("stroke", stroke ?? "none"))
        if dashed { attributes.append(("stroke-dasharray", Self.dashes)) }
        element("rect", attributes)
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dashed: Bool = false
    ) {
        var attributes = [
            ("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)), ("y2", Self.number(y2)),
            ("stroke", stroke),
        ]
        if width != 1 { attributes.append(("stroke-width", Self.number(width))) }
        if dashed { attributes.append(("stroke-dasharray", Self.dashes)) }
        element("line", attributes)
    }

    /// A path from SVG path commands (built with `number`).
    mutating func path(_ commands: String, fill: String, stroke: String, width: Double = 1, dashed: Bool = false) {
        var attributes = [("d", commands), ("fill", fill), ("stroke", stroke)]
        if width != 1 { attributes.append(("stroke-width", Self.number(width))) }
        if dashed { attributes.append(("stroke-dasharray", Self.dashes)) }
        element("path", attributes)
    }

    mutating func polygon(_ points: [(Double, Double)], fill: String, stroke: String) {
        let list = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        element("polygon", [("points", list), ("fill", fill), ("stroke", stroke)])
    }

    /// One line of text with its baseline at `y`.
    mutating func text(_ text: String, x: Double, y: Double, anchor: Anchor, fill: String, bold: Bool = false) {
        var attributes = [
            ("x", Self.number(x)), ("y", Self.number(y)), ("text-anchor", anchor.rawValue), ("fill", fill),
        ]
        if bold { attributes.append(("font-weight", "bold")) }
        elements.append("<text" + Self.attributes(attributes) + ">" + Self.escaped(text) + "</text>")
    }

    private mutating func element(_ name: String, _ attributes: [(String, String)]) {
        elements.append("<\(name)" + Self.attributes(attributes) + "/>")
    }

    func rendered() -> String {
        let (width, height) = (width.rounded(.up), height.rounded(.up))
        let root = Self.attributes([
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", Self.number(width)), ("height", Self.number(height)),
            ("viewBox", "0 0 \(Self.number(width)) \(Self.number(height))"),
            ("font-family", TextMetrics.fontFamily), ("font-size", Self.number(fontSize)),
        ])
        return (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<svg\(root)>"] + elements + ["</svg>"]).joined(
            separator: "\n") + "\n"
    }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    /// Text as XML character data or an attribute value.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A coordinate, rounded to hundredths, without trailing zeros: `12`, `12.5`, `-3.25`.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }
}
