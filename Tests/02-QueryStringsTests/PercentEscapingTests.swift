import Foundation
import QueryStrings
import TestSupport
import Testing

@Suite("Percent-escaping a query component")
struct PercentEscapingTests {
    @Test("AFNetworking's reserved-character vector escapes all but ? and /")
    func reservedCharacters() {
        let escaped = "%20%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?"
        #expect(percentEscaped(" :#[]@!$&'()*+,;=/?") == escaped)
        #expect(fastPercentEscaped(" :#[]@!$&'()*+,;=/?") == escaped)
    }

    @Test("An already escaped value is escaped again, its percent signs included")
    func alreadyEscaped() {
        let input = "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2F"
        let expected = "%2520%2521%2522%2523%2524%2525%2526%2527%2528%2529%252A%252B%252C%252F"
        #expect(percentEscaped(input) == expected)
        #expect(fastPercentEscaped(input) == expected)
    }

    @Test("Letters, digits and -._~ stay as they are")
    func unreservedCharacters() {
        let unreserved = "abcxyzABCXYZ0123456789-._~"
        #expect(percentEscaped(unreserved) == unreserved)
        #expect(fastPercentEscaped(unreserved) == unreserved)
    }

    @Test("Every byte of a non-ASCII character is escaped with upper-case hex digits")
    func nonASCII() {
        #expect(percentEscaped("Zoë 中") == "Zo%C3%AB%20%E4%B8%AD")
        #expect(fastPercentEscaped("Zoë 中") == "Zo%C3%AB%20%E4%B8%AD")
    }

    @Test("AFNetworking's emoji vector crosses the 50-unit boundary intact")
    func emojiAcrossTheBoundary() {
        // As in AFNetworking's own test: an odd start, then emoji with skin tones until the string
        // is at least 50 UTF-16 units long, so that a surrogate pair straddles the boundary.
        var parameter = "!"
        var expected = "%21"
        while parameter.utf16.count < 50 {
            parameter += "👴🏿👷🏻👮🏽"
            expected += "%F0%9F%91%B4%F0%9F%8F%BF" + "%F0%9F%91%B7%F0%9F%8F%BB" + "%F0%9F%91%AE%F0%9F%8F%BD"
        }
        #expect(percentEscaped(parameter) == expected)
        #expect(fastPercentEscaped(parameter) == expected)
    }

    @Test("The empty string escapes to the empty string")
    func empty() {
        #expect(percentEscaped("").isEmpty)
        #expect(fastPercentEscaped("").isEmpty)
    }

    @Test(
        "Strings of exactly 49, 50, 51 and 100 UTF-16 units with a composed character at the boundary",
        arguments: [49, 50, 51, 100], ["😀", "👍🏽", "🇫🇷", "👨‍👩‍👧‍👦", "e\u{0301}\u{0301}"]
    )
    func composedCharacterAtBoundary(length: Int, character: String) throws {
        // Longer than 50: the character starts before unit 50 and ends after it. Otherwise (and
        // again at the end of the 100-unit string) it ends exactly at the end of the string.
        let units = character.utf16.count
        var string = ""
        if length > 50 {
            let start = min(49, length - units)
            string = String(repeating: "a", count: start) + character
        }
        string += String(repeating: "z", count: length - string.utf16.count - (length == 51 ? 0 : units))
        if length != 51 { string += character }
        #expect(string.utf16.count == length)

        let expected = try #require(string.addingPercentEncoding(withAllowedCharacters: queryComponentAllowed))
        #expect(percentEscaped(string) == expected)
        #expect(fastPercentEscaped(string) == expected)
        // No batch splits the character: counting it batch by batch finds every occurrence whole.
        let batches = percentEscapingBatches(of: string)
        #expect(batches.joined() == string)
        let whole = batches.map { $0.filter { $0 == Character(character) }.count }.reduce(0, +)
        #expect(whole == string.filter { $0 == Character(character) }.count)
    }

    @Test("A batch is widened to the end of the composed character that holds its 50th unit")
    func batchWidening() {
        // 49 units of ASCII, then a 4-unit emoji with a skin tone: AFNetworking's NSRange of 50 units
        // ends inside the emoji, and rangeOfComposedCharacterSequencesForRange: widens it to 53.
        let string = String(repeating: "a", count: 49) + "👍🏽" + String(repeating: "b", count: 60)
        let lengths = percentEscapingBatches(of: string).map(\.utf16.count)
        #expect(lengths == [53, 50, 10])
    }

    @Test("Batches cut where a walk over whole Characters would, on thousands of hostile strings")
    func batchesMatchACharacterWalk() {
        // The slow, obviously right oracle: add whole Characters until the batch holds 50 units.
        func characterWalk(_ string: String) -> [Substring] {
            var batches: [Substring] = []
            var start = string.startIndex
            var units = 0
            for index in string.indices {
                units += string[index].utf16.count
                if units >= 50 {
                    let end = string.index(after: index)
                    batches.append(string[start..<end])
                    start = end
                    units = 0
                }
            }
            if start < string.endIndex { batches.append(string[start...]) }
            return batches
        }
        var rng = SeededGenerator(seed: 0xBA7C4)
        for _ in 0..<2_000 {
            let string = RandomText.string(length: Int(rng.next() % 200), using: &rng)
            let batches = percentEscapingBatches(of: string)
            #expect(batches == characterWalk(string), "batches differ for \(string.debugDescription)")
            if batches != characterWalk(string) { return }
        }
    }

    @Test("Batched, fast and Foundation's one-shot escaping agree on thousands of hostile strings")
    func differential() {
        var rng = SeededGenerator(seed: 0xAF_2026)
        for _ in 0..<3_000 {
            let string = RandomText.string(length: Int(rng.next() % 120), using: &rng)
            let foundation = string.addingPercentEncoding(withAllowedCharacters: queryComponentAllowed)
            let batched = percentEscaped(string)
            let fast = fastPercentEscaped(string)
            #expect(batched == foundation, "batched escaper differs for \(string.debugDescription)")
            #expect(fast == foundation, "fast escaper differs for \(string.debugDescription)")
            if batched != foundation || fast != foundation { return }
        }
    }

    @Test("The allowed set is exactly letters, digits, -._~ and /?")
    func allowedSet() {
        let allowed = (UInt8(0)..<128).filter { queryComponentAllowed.contains(Unicode.Scalar($0)) }
        let expected = Array("-./0123456789?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~".utf8)
        #expect(allowed == expected)
    }
}
