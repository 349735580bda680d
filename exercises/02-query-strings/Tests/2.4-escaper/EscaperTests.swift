import Chapter02Exercise4
import Foundation
import QueryStrings
import Testing

@Suite("2.4 Build a byte-table escaper")
struct EscaperTests {
    @Test("AFNetworking's reserved characters are escaped, except / and ?")
    func reserved() {
        #expect(escape(" :#[]@!$&'()*+,;=/?") == "%20%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?")
    }

    @Test("Every byte of a non-ASCII character is escaped, with upper-case hex digits")
    func nonASCII() {
        #expect(escape("Zoë 中") == "Zo%C3%AB%20%E4%B8%AD")
    }

    @Test("A mixed string keeps only letters, digits and -._~/? as they are")
    func mixed() {
        #expect(escape("a-b_c.d~e/f?g h") == "a-b_c.d~e/f?g%20h")
    }

    @Test("Control characters and the percent sign itself are escaped")
    func controlsAndPercent() {
        #expect(escape("\n%\t\u{7F}") == "%0A%25%09%7F")
    }

    @Test("The escaper agrees with Foundation on thousands of random strings")
    func agreesWithFoundation() {
        let pieces = ["a", "Z", "0", "-", "~", " ", "%", "&", "=", "+", "é", "中", "😀", "👍🏽", "🇯🇵", "\u{0}", "\n"]
        var state: UInt64 = 24
        for _ in 0..<2_000 {
            var string = ""
            for _ in 0..<Int(state % 40) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                string += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let expected = string.addingPercentEncoding(withAllowedCharacters: queryComponentAllowed)
            #expect(escape(string) == expected, "for \(string.debugDescription)")
            if escape(string) != expected { return }
        }
    }
}
