import Foundation
import Testing
@testable import Workshop
@testable import WorkshopSite

/// A picture as Graphviz writes it after the site cleans it (a size in pixels on the root, a
/// `font-size` on every label), and one as the sequence diagrams are written (one `font-size`,
/// on the root).
private func graphvizPicture(width: Int, labelSizes: [Double]) -> String {
    let labels = labelSizes.map { #"<text x="1" y="2" font-size="\#(String(format: "%.2f", $0))">a label</text>"# }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg width="\(width)" height="300"
         viewBox="0.00 0.00 \(width).00 300.00" xmlns="http://www.w3.org/2000/svg">
        <g id="graph0" class="graph">
        <polygon fill="none" stroke-width="2" points="0,0 1,1"/>
        \(labels.joined(separator: "\n"))
        </g>
        </svg>
        """
}

@Suite("Diagrams are drawn no smaller than their text allows")
struct DiagramLegibilityTests {
    @Test("The smallest text and the width are read from the picture, the root's font size included")
    func reading() {
        let graphviz = graphvizPicture(width: 1298, labelSizes: [14, 13, 14])
        #expect(DiagramLegibility.smallestFontSize(inSVG: graphviz) == 13)
        #expect(DiagramLegibility.width(ofSVG: graphviz) == 1298)
        var sequence = SVGDocument(width: 640.4, height: 200, fontSize: 14)
        sequence.text("caller", x: 10, y: 20, anchor: .start, fill: "#000")
        let rendered = sequence.rendered()
        #expect(DiagramLegibility.smallestFontSize(inSVG: rendered) == 14)
        #expect(DiagramLegibility.width(ofSVG: rendered) == 641, "the document rounds its width up to whole pixels")
        #expect(DiagramLegibility.smallestFontSize(inSVG: "<svg width=\"10\"></svg>") == nil)
    }

    @Test("A picture may shrink until its smallest text reaches 11 pixels, and is never drawn larger than it is")
    func minimumWidth() {
        // 14-pixel text may be drawn at 11/14 of its width: 1,400 pixels become 1,100.
        #expect(DiagramLegibility.minimumDisplayWidth(naturalWidth: 1400, smallestFontSize: 14) == 1100)
        // 13-pixel labels allow less: 1,300 pixels become 1,100.
        #expect(DiagramLegibility.minimumDisplayWidth(naturalWidth: 1300, smallestFontSize: 13) == 1100)
        // Text already at or below the minimum: the picture keeps its own width.
        #expect(DiagramLegibility.minimumDisplayWidth(naturalWidth: 500, smallestFontSize: 10) == 500)
        #expect(DiagramLegibility.renderedTextSize(smallestFontSize: 14, naturalWidth: 1400, shownWidth: 700) == 7)
    }

    @Test(
        "The check fails a diagram whose text came out below 11 pixels, and a roadmap that needs more than the column")
    func problems() {
        // Chapter 11's old roadmap: 1,550 pixels of 14-pixel text shown 720 wide, 6.5 pixels.
        let shrunk = DiagramLegibility.problem(
            "roadmap.svg", smallestFontSize: 14, naturalWidth: 1550, shownWidth: 720,
            columnWidth: 720, isRoadmap: true)
        #expect(shrunk?.contains("6.5 pixels") == true, "\(shrunk ?? "no problem")")
        // A wide sequence diagram drawn at its minimum width, scrolling: readable, so no problem.
        #expect(
            DiagramLegibility.problem(
                "sequence.svg", smallestFontSize: 14, naturalWidth: 1400, shownWidth: 1100,
                columnWidth: 720, isRoadmap: false) == nil)
        // The same picture as a roadmap must fit the column without scrolling.
        let scrolls = DiagramLegibility.problem(
            "roadmap.svg", smallestFontSize: 14, naturalWidth: 1400, shownWidth: 1100,
            columnWidth: 720, isRoadmap: true)
        #expect(scrolls?.contains("needs 1100 pixels") == true, "\(scrolls ?? "no problem")")
        // A roadmap 1.2 times the column shrinks to fit and stays readable (14 × 720/860 = 11.7).
        #expect(
            DiagramLegibility.problem(
                "roadmap.svg", smallestFontSize: 14, naturalWidth: 860, shownWidth: 720,
                columnWidth: 720, isRoadmap: true) == nil)
        // Exactly at the limit passes.
        #expect(
            DiagramLegibility.problem(
                "x.svg", smallestFontSize: 14, naturalWidth: 1400, shownWidth: 1100,
                columnWidth: 1100, isRoadmap: true) == nil)
    }

    @Test(
        "The style sheet gives each picture its minimum width and lets the paragraph scroll; it goes into every page's head"
    )
    func styleSheet() throws {
        let sheet = DiagramLegibility.styleSheet(for: [
            "a-diagram-1.svg": graphvizPicture(width: 1400, labelSizes: [14]),
            "a-diagram-2.svg": graphvizPicture(width: 400, labelSizes: [14, 13]),
        ])
        #expect(sheet.contains("p.inline-image-container { overflow-x: auto; }"))
        #expect(sheet.contains(#"img[src$="/a-diagram-1.svg"] { min-width: 1100px; }"#))
        #expect(sheet.contains(#"img[src$="/a-diagram-2.svg"] { min-width: 339px; }"#))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legibility-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("documentation/course/11")
        try FileManager.default.createDirectory(at: page, withIntermediateDirectories: true)
        let shell = "<html><head><title>x</title></head><body></body></html>"
        try shell.write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try shell.write(to: page.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "no head".write(to: page.appendingPathComponent("data.json"), atomically: true, encoding: .utf8)
        #expect(try DiagramLegibility.addStyleSheet(sheet, toPagesIn: folder) == 2)
        let patched = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(patched == "<html><head><title>x</title>" + sheet + "</head><body></body></html>")
    }
}
