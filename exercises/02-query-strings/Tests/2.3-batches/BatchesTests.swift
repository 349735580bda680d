import Chapter02Exercise3
import QueryStrings
import Testing

@Suite("2.3 Fix the batcher that splits characters")
struct BatchesTests {
    /// `count` letters `a`, then `character`, then `b`s up to `total` UTF-16 units.
    func text(_ count: Int, then character: String, total: Int = 110) -> String {
        let head = String(repeating: "a", count: count) + character
        return head + String(repeating: "b", count: max(0, total - head.utf16.count))
    }

    @Test("Batches put back together give the original string")
    func roundTrip() {
        let string = text(49, then: "👍🏽")
        #expect(batches(of: string).joined() == string)
    }

    @Test("An emoji with a skin tone across the boundary stays in one batch")
    func skinTone() {
        // Units 49–52 hold the emoji: the first batch must grow from 50 units to 53.
        let result = batches(of: text(49, then: "👍🏽"))
        #expect(result.map(\.utf16.count) == [53, 50, 7])
        #expect(result.first?.hasSuffix("👍🏽") == true)
    }

    @Test("A flag across the boundary stays in one batch")
    func flag() {
        // A flag is two regional-indicator letters, each a surrogate pair: cutting between the two
        // letters breaks no surrogate, but it still breaks the flag.
        let result = batches(of: text(48, then: "🇫🇷"))
        #expect(result.first?.hasSuffix("🇫🇷") == true)
        #expect(result.map(\.utf16.count) == [52, 50, 8])
    }

    @Test("A letter with combining accents across the boundary stays in one batch")
    func combiningMarks() {
        let accented = "e\u{0301}\u{0302}"
        let result = batches(of: text(49, then: accented))
        #expect(result.first?.last == Character(accented))
        #expect(result.map(\.utf16.count) == [52, 50, 8])
    }

    @Test("Escaping batch by batch equals escaping in one go, on random text")
    func escapingAgrees() {
        let pieces = ["a", "Z", " ", "&", "é", "中", "😀", "👍🏽", "🇯🇵", "👨‍👩‍👧", "n\u{0303}"]
        var state: UInt64 = 23
        for _ in 0..<200 {
            var string = ""
            for _ in 0..<80 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                string += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            let escaped = batches(of: string).map { fastPercentEscaped($0) }.joined()
            #expect(escaped == fastPercentEscaped(string), "for \(string.debugDescription)")
            if escaped != fastPercentEscaped(string) { return }
        }
    }
}
