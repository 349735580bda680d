import TestSupport

enum RandomText {
    /// Pieces that each stress a different part of escaping and batching.
    static let pieces: [[String]] = [
        // plain ASCII, unreserved and reserved
        (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) },
        [":", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "/", "?", "%"],
        // BMP: Latin-1, CJK, Hangul
        ["é", "ü", "ß", "中", "文", "字", "한", "글", "日本"],
        // astral plane (surrogate pairs in UTF-16): emoji and CJK extension B
        ["😀", "🙃", "𠀋", "𝄞", "🀄"],
        // emoji with skin-tone modifiers, ZWJ sequences, flags, keycaps
        ["👴🏿", "👷🏻", "👮🏽", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "🇯🇵", "🇺🇸", "1️⃣"],
        // combining marks, one or several on one base
        ["e\u{0301}", "a\u{0308}\u{0304}", "n\u{0303}", "Z\u{0351}\u{0352}\u{0353}"],
        // controls and odd spaces
        ["\n", "\t", "\u{00A0}", "\u{200B}", "\u{FEFF}"],
    ]

    static func string(length: Int, using rng: inout SeededGenerator) -> String {
        var result = ""
        for _ in 0..<length {
            let group = pieces[Int(rng.next() % UInt64(pieces.count))]
            result += group[Int(rng.next() % UInt64(group.count))]
        }
        return result
    }
}
