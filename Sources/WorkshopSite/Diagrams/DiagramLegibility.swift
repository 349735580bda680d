import Foundation

/// How small a diagram's text may be drawn on the site, and what the site does about a diagram
/// wider than the page.
///
/// A picture on a DocC page is drawn at most as wide as the text column (720 pixels in a
/// 1,280-pixel window), so a diagram drawn 1,400 pixels wide shows its 14-pixel labels at 7 pixels:
/// there, but not readable. The rule: a diagram's smallest text is never drawn below
/// `minimumTextSize`. The site keeps it by giving each picture a minimum width (its natural width
/// scaled so that its smallest text is exactly that size): a diagram shrinks with the column until
/// then, and beyond it the column scrolls sideways instead. `workshop site --check` measures what
/// the browser really drew, and fails a page whose diagram text came out smaller; and it fails a
/// chapter whose roadmap, its first diagram, does not fit the column at all, since a roadmap is
/// read at a glance, not scrolled.
///
/// Why 11 pixels: it is the smallest size the two design systems a course reader knows give text
/// meant to be read (Apple's Human Interface Guidelines, the Caption 2 style; Material Design,
/// Label Small); below it, labels such as `async(group:)` blur. The page's own smallest text is
/// 14 pixels. The diagrams are drawn at 14 pixels (13 for the labels on arrows), so a diagram may
/// shrink to about four fifths of its width (a 14-pixel diagram up to 1.27 times the column)
/// before it scrolls.
enum DiagramLegibility {
    /// The smallest size, in CSS pixels, at which the site draws a diagram's text.
    static let minimumTextSize = 11.0

    /// The smallest `font-size` an SVG picture gives its text (the root's included), or nil when
    /// it names none.
    static func smallestFontSize(inSVG svg: String) -> Double? {
        numbers(after: "font-size=\"", in: svg).min()
    }

    /// The picture's width in pixels: its root `width` attribute (the site's pictures give it in
    /// pixels, with no unit).
    static func width(ofSVG svg: String) -> Double? {
        guard let root = svg.range(of: "<svg") else { return nil }
        let tag = svg[root.lowerBound...].prefix { $0 != ">" }
        return numbers(after: " width=\"", in: String(tag)).first
    }

    /// The narrowest the picture may be drawn so that its smallest text stays at
    /// `minimumTextSize`; never wider than the picture itself, which is never drawn larger.
    static func minimumDisplayWidth(naturalWidth: Double, smallestFontSize: Double) -> Double {
        guard smallestFontSize > 0 else { return naturalWidth }
        return min(naturalWidth, (naturalWidth * minimumTextSize / smallestFontSize).rounded(.up))
    }

    /// The size the smallest text is drawn at when a picture `naturalWidth` pixels wide is shown
    /// `shownWidth` pixels wide.
    static func renderedTextSize(smallestFontSize: Double, naturalWidth: Double, shownWidth: Double) -> Double {
        guard naturalWidth > 0 else { return smallestFontSize }
        return smallestFontSize * shownWidth / naturalWidth
    }

    /// What is wrong with a diagram as the browser drew it, or nil: its smallest text below the
    /// minimum, or, for a roadmap, a picture that needs more than the column.
    static func problem(
        _ name: String, smallestFontSize: Double, naturalWidth: Double, shownWidth: Double, columnWidth: Double,
        isRoadmap: Bool
    ) -> String? {
        let size = renderedTextSize(
            smallestFontSize: smallestFontSize, naturalWidth: naturalWidth, shownWidth: shownWidth)
        let n = SVGDocument.number
        if size < minimumTextSize - 0.05 {
            return
                "the diagram \(name) draws its \(n(smallestFontSize))-pixel text at \(n(size)) pixels (a picture \(n(naturalWidth)) pixels "
                + "wide, shown \(n(shownWidth)) wide): below the \(n(minimumTextSize)) pixels a reader can read"
        }
        let needed = minimumDisplayWidth(naturalWidth: naturalWidth, smallestFontSize: smallestFontSize)
        if isRoadmap && columnWidth > 0 && needed > columnWidth + 0.5 {
            return
                "the roadmap \(name) needs \(n(needed)) pixels for its \(n(smallestFontSize))-pixel text to stay readable, and the column "
                + "is \(n(columnWidth)): a roadmap is read at a glance, so draw it to fit (top to bottom, shorter labels)"
        }
        return nil
    }

    /// The rules the site adds to every page: each diagram at least as wide as its text needs,
    /// and the paragraph that holds it scrolling sideways when the column is narrower than that.
    /// `pictures` maps a picture's file name to its SVG.
    static func styleSheet(for pictures: [String: String]) -> String {
        var rules = ["p.inline-image-container { overflow-x: auto; }"]
        for (file, svg) in pictures.sorted(by: { $0.key < $1.key }) {
            guard let width = width(ofSVG: svg), let font = smallestFontSize(inSVG: svg) else { continue }
            let minimum = minimumDisplayWidth(naturalWidth: width, smallestFontSize: font)
            rules.append("img[src$=\"/\(file)\"] { min-width: \(SVGDocument.number(minimum))px; }")
        }
        return "<style id=\"diagram-legibility\">\n" + rules.joined(separator: "\n") + "\n</style>"
    }

    /// Adds `styleSheet` to the `<head>` of every `index.html` below `folder` (DocC writes one a
    /// page, each the same single-page application). Returns how many it changed.
    static func addStyleSheet(_ styleSheet: String, toPagesIn folder: URL) throws -> Int {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return 0 }
        var changed = 0
        for case let file as URL in files where file.lastPathComponent == "index.html" {
            let html = try String(contentsOf: file, encoding: .utf8)
            guard let head = html.range(of: "</head>") else { continue }
            try html.replacingCharacters(in: head, with: styleSheet + "</head>").write(
                to: file, atomically: true, encoding: .utf8)
            changed += 1
        }
        return changed
    }

    /// The numbers that follow `marker` in `text`: `font-size="14.00"` gives 14.
    private static func numbers(after marker: String, in text: String) -> [Double] {
        var found: [Double] = []
        var rest = text[...]
        while let range = rest.range(of: marker) {
            let digits = rest[range.upperBound...].prefix { $0.isNumber || $0 == "." }
            if let value = Double(digits) { found.append(value) }
            rest = rest[range.upperBound...]
        }
        return found
    }
}
