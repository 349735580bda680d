/// A small, seeded generator of hostile text for the differential tests: every run sees the same
/// strings, so a failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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

    static func string(length: Int, using rng: inout SplitMix64) -> String {
        var result = ""
        for _ in 0..<length {
            let group = pieces[Int(rng.next() % UInt64(pieces.count))]
            result += group[Int(rng.next() % UInt64(group.count))]
        }
        return result
    }
}
