import Chapter06Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import Testing

/// The verdict on `bytes` sent in pieces of `size`: the first offset a piece reports, or else what
/// `finish` says.
func verdict(_ bytes: [UInt8], pieces size: Int) -> Int? {
    var check = UTF8Check()
    var start = 0
    while start < bytes.count {
        if let offset = check.take(Array(bytes[start..<min(start + size, bytes.count)])) { return offset }
        start += size
    }
    return check.finish()
}

/// The same verdict for every size of piece from 1 to the whole body, or a message naming the first
/// size whose verdict differs.
func disagreement(_ bytes: [UInt8], expected: Int?) -> String? {
    for size in 1...max(1, bytes.count) where verdict(bytes, pieces: size) != expected {
        let hex = bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        return "for \(hex) in pieces of \(size): \(verdict(bytes, pieces: size).map(String.init) ?? "nil"), not \(expected.map(String.init) ?? "nil")"
    }
    return nil
}

@Suite("6.2 Check UTF-8 as it arrives")
struct UTF8CheckTests {
    @Test("Text in any script is UTF-8 however it is cut into pieces, and a bad byte after it is found at its place")
    func validText() {
        let text = Array("Zoë · 中文 · 👍🏽 · 🇫🇷".utf8)
        #expect(disagreement(text, expected: nil) == nil, "\(disagreement(text, expected: nil) ?? "")")
        #expect(disagreement(text + [0xFF], expected: text.count) == nil, "\(disagreement(text + [0xFF], expected: text.count) ?? "")")
    }

    @Test("Every row of the table holds text: ED below A0, EE–EF, F1–F3 and F4 below 90 are UTF-8")
    func everyRow() {
        let cases: [(String, String)] = [
            ("한국어", "Korean, whose syllables from U+D000 on begin with ED"),
            ("\u{FEFF}{}", "a byte-order mark, EF BB BF"), ("a\u{FFFD}b", "U+FFFD, EF BF BD, a real character"),
            ("\u{E000}", "the first private-use character, EE 80 80"),
            ("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "the flag of England, whose tag characters begin with F3"),
            ("\u{40000}", "U+40000, F1 80 80 80"), ("\u{10FFFD}", "U+10FFFD, F4 8F BF BD"),
        ]
        for (text, what) in cases {
            let problem = disagreement(Array(text.utf8), expected: nil)
            #expect(problem == nil, "\(what) is UTF-8: \(problem ?? "")")
        }
    }

    @Test("A broken sequence is reported at its first byte, counted from the start of the body")
    func firstByte() {
        for (bytes, offset) in [([0x61, 0xE2, 0x82, 0x28], 1), ([0x61, 0x62, 0xC3, 0x28, 0x63], 2), ([0xF0, 0x9F, 0x98, 0x41], 0)] as [([UInt8], Int)] {
            #expect(disagreement(bytes, expected: offset) == nil, "\(disagreement(bytes, expected: offset) ?? "")")
        }
    }

    @Test("Overlong forms, UTF-16 surrogates and anything above U+10FFFF are not UTF-8")
    func notInTheTable() {
        let cases: [([UInt8], String)] = [
            ([0xC0, 0xAF], "C0 AF, an overlong /"), ([0xE0, 0x80, 0xAF], "E0 80 AF, an overlong /"),
            ([0xF0, 0x80, 0x80, 0xAF], "F0 80 80 AF, an overlong /"), ([0xED, 0xA0, 0x80], "ED A0 80, the surrogate D800"),
            ([0xF4, 0x90, 0x80, 0x80], "F4 90 80 80, U+110000"), ([0xF5, 0x80, 0x80, 0x80], "F5, never a first byte"),
        ]
        for (bytes, what) in cases {
            #expect(disagreement([0x41] + bytes, expected: 1) == nil, "\(what): \(disagreement([0x41] + bytes, expected: 1) ?? "")")
        }
    }

    @Test("A bad byte is reported as soon as it arrives, and a character left unfinished only at the end")
    func asSoonAsKnown() {
        var check = UTF8Check()
        #expect(check.take([0x61, 0xE0]) == nil, "E0 may still begin a character")
        #expect(check.take([0x80]) == 1, "E0 80 can begin no character: the second byte settles it")
        #expect(check.take([0x61]) == 1, "once found, the offset stays")
        var unfinished = UTF8Check()
        #expect(unfinished.take([0x61, 0xE2, 0x82]) == nil, "E2 82 may still become €")
        #expect(unfinished.finish() == 1, "the body ended inside a character")
        var stray = UTF8Check()
        #expect(stray.take([0x61, 0xFF]) == 1, "FF is never part of UTF-8")
        #expect(stray.take([0x62, 0x63]) == 1, "once found, the offset stays, even when the pieces after the bad byte are plain text")
        #expect(stray.finish() == 1, "once found, the offset stays until the end of the body")
    }

    @Test("Every first byte, followed by bytes on either side of each edge of the table's ranges, is judged as the table says")
    func rangeEdges() {
        // The bytes on both sides of every edge of a continuation range in the table, and the lowest byte.
        let seconds: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        let laters: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
        for first in UInt8.min...UInt8.max {
            for second in seconds {
                for third in laters {
                    for fourth in laters {
                        // At the very start of the body, where nothing has been read before the first byte.
                        let bytes = [first, second, third, fourth]
                        let longestPrefix = (0...bytes.count).last { String(validating: bytes[..<$0], as: UTF8.self) != nil } ?? 0
                        let expected = longestPrefix == bytes.count ? nil : longestPrefix
                        guard let problem = disagreement(bytes, expected: expected) else { continue }
                        let decoded = String(decoding: bytes[..<longestPrefix], as: UTF8.self).unicodeScalars
                            .map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                        let truth =
                            switch expected {
                            case nil: "all of it is UTF-8, the characters \(decoded)"
                            case 0: "no row of the table allows the sequence at its very start"
                            case let length?: "only the first \(length) bytes (\(decoded)) are UTF-8: no row of the table allows what follows"
                            }
                        Issue.record("\(truth); the check disagrees \(problem)")
                        return
                    }
                }
            }
        }
    }

    @Test("On random bytes, the offset is the length of the longest prefix that is UTF-8, however the bytes are cut")
    func randomBytes() {
        let pieces: [[UInt8]] = [
            [0x41], [0xC3, 0xA9], [0xE4, 0xB8, 0xAD], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x95, 0x9C], [0xEF, 0xBF, 0xBD],
            [0xF3, 0xA0, 0x81, 0xA7], [0xC3], [0xA9], [0xED, 0xA0], [0xE0, 0x9F], [0xF4, 0x8F], [0xF4, 0x90], [0xC1], [0xBF], [0xF8],
        ]
        var state: UInt64 = 62
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(state % 7) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let longestPrefix = (0...bytes.count).last { String(validating: bytes[..<$0], as: UTF8.self) != nil } ?? 0
            let expected = longestPrefix == bytes.count ? nil : longestPrefix
            let problem = disagreement(bytes, expected: expected)
            #expect(problem == nil, "\(problem ?? "")")
            if problem != nil { return }
        }
    }

    @Test("Chapter 6's JSON serializer finds the same bad byte in a body it refuses")
    func sameAsTheSerializer() {
        let bytes: [UInt8] = Array(#"{"path":""#.utf8) + [0xC0, 0xAF] + Array(#"etc"}"#.utf8)
        let response = HTTPURLResponse(url: URL(string: "https://api.example.com/files")!, statusCode: 200, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "application/json"])
        let error = JSONResponseSerializer().responseObject(for: response, data: Data(bytes)).error
        #expect(error?.reason == .invalidText(charset: "utf-8", byteOffset: 9), "the serializer says \(String(describing: error?.reason))")
        #expect(disagreement(bytes, expected: 9) == nil, "\(disagreement(bytes, expected: 9) ?? "")")
    }
}
