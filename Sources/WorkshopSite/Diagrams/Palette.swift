/// The colours of one of a diagram's two pictures. The site shows the light picture on DocC's
/// white page and the dark one on its near-black page; both have a transparent background, so
/// that each sits on its page like the text around it.
///
/// The light colours are Mermaid's default theme (lavender boxes with a purple edge, yellow
/// notes), so that a diagram looks as it does on the forge. The dark ones keep the same roles:
/// light strokes and text, boxes a shade lighter than the page, notes a muted yellow. Colours
/// are written in lower case, as Graphviz writes them back.
struct Palette: Sendable, Equatable {
    var name: String
    /// Labels in boxes, messages, notes.
    var text: String
    /// Arrows and their heads.
    var line: String
    /// An arrow's label (lighter than `text` on the light page, as in Mermaid).
    var lineText: String
    var boxFill: String
    var boxStroke: String
    var noteFill: String
    var noteStroke: String
    var noteText: String
    /// A sequence diagram's lifelines.
    var lifeline: String
    /// A block's frame (`alt`, `loop`) and its label's tab.
    var frameStroke: String
    var frameTabFill: String
    /// A state diagram's start and end dots.
    var terminal: String
    /// How opaque a `rect` block's own colour is drawn: fully on the light page; on the dark
    /// page, faintly, since an author picks those colours for white.
    var rectOpacity: Double

    static let light = Palette(
        name: "light", text: "#1f2328", line: "#333333", lineText: "#333333",
        boxFill: "#ececff", boxStroke: "#9370db", noteFill: "#fff5ad", noteStroke: "#aaaa33", noteText: "#1f2328",
        lifeline: "#999999", frameStroke: "#666666", frameTabFill: "#ececff", terminal: "#333333", rectOpacity: 1)

    static let dark = Palette(
        name: "dark", text: "#e6e6e6", line: "#c8c8c8", lineText: "#d0d0d0",
        boxFill: "#2a2740", boxStroke: "#a38cf0", noteFill: "#4a4322", noteStroke: "#c9b458", noteText: "#f2ecc8",
        lifeline: "#8a8a8a", frameStroke: "#a8a8a8", frameTabFill: "#2a2740", terminal: "#e0e0e0", rectOpacity: 0.3)

    /// Both, in the order `MermaidRenderer.Drawing` holds them.
    static let both = [light, dark]
}
