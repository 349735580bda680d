import Chapter02Exercise4
import Foundation
import QueryStrings
import Testing

@Suite("2.4 Undo the escaping, strictly")
struct EscaperTests {
    @Test("Escapes become the bytes they stand for, the bytes become text, and the rest stays as it is")
    func unescapes() throws {
        #expect(try unescape("caf%C3%A9%20%26%20cr%C3%AApes") == "café & crêpes")
        #expect(try unescape("1+1%3D2 /inbox?é") == "1+1=2 /inbox?é")
    }

    @Test("Lower-case hex digits count as much as upper-case ones")
    func lowerCase() throws {
        #expect(try unescape("%c3%a9%2f%2F") == "é//")
    }

    @Test("Every string the course's escaper writes is unescaped back to itself")
    func roundTrip() throws {
        let pieces = ["a", "Z", "0", " ", "%", "&", "=", "+", "/", "?", "é", "中", "😀", "👍🏽", "🇯🇵", "\u{0}", "\n", "%41", "\u{FFFD}"]
        var state: UInt64 = 24
        for _ in 0..<1_000 {
            var string = ""
            for _ in 0..<Int(state % 30) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                string += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let escaped = fastPercentEscaped(string)
            let back: String
            do {
                back = try unescape(escaped)
            } catch {
                Issue.record("unescape(\(escaped.debugDescription)) threw \(error); the course's escaper wrote it from \(string.debugDescription)")
                return
            }
            #expect(back == string, "for \(escaped)")
            if back != string { return }
        }
    }

    @Test("A real U+FFFD, escaped or not, is text like any other character")
    func replacementCharacter() {
        // U+FFFD is what a decoder writes for bytes it could not read, but it is also a character a
        // person may type or a server may store: its three bytes, EF BF BD, are well-formed UTF-8.
        for input in ["%EF%BF%BD", "caf\u{FFFD}", "%ef%bf%bd%20ok"] {
            do {
                let text = try unescape(input)
                #expect(text.unicodeScalars.contains("\u{FFFD}"), "unescape(\(input.debugDescription)) lost its U+FFFD: \(text.debugDescription)")
            } catch {
                Issue.record("unescape(\(input.debugDescription)) threw \(error), but EF BF BD is U+FFFD, well-formed UTF-8")
            }
        }
    }

    @Test("Agrees with Foundation's removingPercentEncoding on random input, broken escapes included")
    func agreesWithFoundation() {
        let pieces = ["%", "%4", "%41", "%C3", "%A9", "%a9", "%28", "%E4%B8", "%AD", "%F0%9F%98%80", "%G1", "%zz", "a", "é", "+", " ", "9", "F"]
        var state: UInt64 = 2_4
        for _ in 0..<3_000 {
            var string = ""
            for _ in 0..<Int(state % 8) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                string += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Foundation on Linux repairs a lone continuation byte (`%A9`) with U+FFFD instead of
            // giving nil, as it does for every other byte sequence that is not UTF-8: that answer
            // counts as nil here, since the input holds no U+FFFD of its own.
            let foundation = string.removingPercentEncoding.flatMap { $0.contains("\u{FFFD}") ? nil : $0 }
            let mine = try? unescape(string)
            #expect(mine == foundation, "for \(string.debugDescription): Foundation gives \(foundation.debugDescription)")
            if mine != foundation { return }
        }
    }

    @Test("A % without two hex digits is an error that says where it is, and bytes that are not UTF-8 are another")
    func errors() {
        #expect(throws: UnescapeError.badEscape(offset: 2)) { try unescape("ab%4") }
        #expect(throws: UnescapeError.badEscape(offset: 0)) { try unescape("%G1") }
        #expect(throws: UnescapeError.badEscape(offset: 2)) { try unescape("é%zz") }  // é is two bytes
        #expect(throws: UnescapeError.badEscape(offset: 3)) { try unescape("%41%") }
        #expect(throws: UnescapeError.notUTF8) { try unescape("caf%C3%28") }
        #expect(throws: UnescapeError.notUTF8) { try unescape("%E4%B8") }  // 中 without its last byte
        #expect(throws: UnescapeError.notUTF8) { try unescape("%A9") }  // a continuation byte with no lead byte
    }
}
