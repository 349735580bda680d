import Foundation

/// How wide a line of text is, without a font engine: the sequence diagrams are laid out here,
/// in Swift, and their boxes and columns must fit their labels.
///
/// The widths are Arial's advance widths, which Liberation Sans (the font Debian gives for Arial)
/// shares glyph for glyph, and which Helvetica nearly does. The pictures name those fonts first,
/// so a reader's browser draws the labels at the widths measured here. A font missing them falls
/// back to another sans-serif, a little wider or narrower: the padding around labels absorbs that.
enum TextMetrics {
    /// The font list the pictures ask for, in the order the widths below hold best.
    static let fontFamily = "Arial, 'Liberation Sans', Helvetica, sans-serif"

    /// Advance widths in thousandths of an em of the printable ASCII characters, from the space
    /// (32) to the tilde (126).
    private static let ascii: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  //  !"#$%&'()*+,-./
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556,  //                                0-9
        278, 278, 584, 584, 584, 556, 1015,  //                                              :;<=>?@
        667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,  //                 A-M
        722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,  //                 N-Z
        278, 278, 278, 469, 556, 333,  //                                                    [\]^_`
        556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,  //                 a-m
        556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,  //                 n-z
        334, 260, 334, 584,  //                                                              {|}~
    ]

    /// The punctuation beyond ASCII that a course's labels use. An accented letter is as wide as
    /// its base letter (see `units(of:)`).
    private static let punctuation: [Unicode.Scalar: UInt16] = [
        "\u{00A0}": 278,  // no-break space
        "\u{00B7}": 278,  // middle dot
        "\u{00D7}": 584,  // multiplication sign
        "\u{2013}": 556,  // en dash
        "\u{2014}": 1000,  // em dash
        "\u{2018}": 222, "\u{2019}": 222,  // single quotation marks
        "\u{201C}": 333, "\u{201D}": 333,  // double quotation marks
        "\u{2022}": 350,  // bullet
        "\u{2026}": 1000,  // ellipsis
        "\u{2190}": 1000, "\u{2192}": 1000, "\u{2191}": 500, "\u{2193}": 500,  // arrows
        "\u{2264}": 549, "\u{2265}": 549, "\u{2260}": 549,  // comparisons
    ]

    /// The width of one character in thousandths of an em.
    static func units(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if (32...126).contains(scalar.value) { return Int(ascii[Int(scalar.value) - 32]) }
        if let width = punctuation[scalar] { return Int(width) }
        // é is e and a combining accent: measure the e.
        if let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.first, base != scalar,
            (32...126).contains(base.value)
        {
            return Int(ascii[Int(base.value) - 32])
        }
        // Scripts written in squares (CJK and after) are a full em; anything else unknown is
        // given a digit's width, the average of a Latin font.
        return scalar.value >= 0x2E80 ? 1000 : 556
    }

    /// The width of `text` in pixels at `size` pixels per em.
    static func width(_ text: some StringProtocol, size: Double) -> Double {
        Double(text.reduce(0) { $0 + units(of: $1) }) * size / 1000
    }

    /// `text` broken at spaces into lines no wider than `maxWidth` where it can be (a word wider
    /// than that stays whole on its own line).
    static func wrap(_ text: String, maxWidth: Double, size: Double) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || width(candidate, size: size) <= maxWidth {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}
