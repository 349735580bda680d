import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import Testing

@Suite("JSON bad input: a typed error each, never a crash")
struct JSONBadInputTests {
    let serializer = JSONResponseSerializer()

    func reason(_ data: Data, _ contentType: String = "application/json") -> ResponseSerializationError.Reason? {
        serializer.responseObject(for: response(contentType), data: data).error?.reason
    }

    @Test("Malformed JSON gives malformedBody with the parser's explanation")
    func malformed() throws {
        let found = try #require(reason(Data("{invalid}".utf8)))
        guard case .malformedBody(let format, let detail) = found else {
            Issue.record("unexpected reason \(found)")
            return
        }
        #expect(format == "JSON")
        #expect(!detail.isEmpty)
    }

    @Test("JSON nested 100,000 levels deep is refused with nestingTooDeep, without a crash")
    func deepNesting() {
        let depth = 100_000
        let data = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        #expect(reason(data) == .nestingTooDeep(limit: 512))
        #expect(
            DecodableResponseSerializer<[[Int]]>().responseObject(for: response("application/json"), data: data).error?
                .reason == .nestingTooDeep(limit: 512))
    }

    @Test("Brackets inside strings do not count towards the nesting")
    func bracketsInStrings() {
        let text = "[\"" + String(repeating: "[", count: 1_000) + "\\\"]\"]"
        let result = serializer.responseObject(for: response("application/json"), data: Data(text.utf8))
        #expect(result.error == nil)
        #expect((result.object as? [String])?.first?.count == 1_002)
        // Malformed (the array never closes), with 600 brackets in a string after an escaped quote:
        // the diagnosis, which runs once the parser has refused the body, must not count them.
        let malformed = "[\"a\\\"" + String(repeating: "[", count: 600) + "\""
        let found = reason(Data(malformed.utf8))
        guard case .malformedBody(format: "JSON", _) = found else {
            Issue.record(
                "expected malformedBody, got \(String(describing: found)): brackets inside a string were counted as nesting"
            )
            return
        }
    }

    @Test("512 levels, the parser's limit, parse; null removal walks them on a 64 KB stack")
    func deepestAccepted() async {
        // 511 objects, the innermost holding an array: 512 levels.
        let objects = 511
        let text =
            String(repeating: #"{"a":"#, count: objects - 1) + #"{"b":null,"c":[null]}"#
            + String(repeating: "}", count: objects - 1)
        /// Carries the values from thread to thread; each thread runs only after the last one ended.
        final class Box: @unchecked Sendable {
            var parsed: Any?
            var removed: Any?
            var levels = 0
            var innermost: [String: Any] = [:]
        }
        let box = Box()
        // Foundation's parser recurses, and so does freeing a nested value: both run on a thread
        // with a generous stack. Only the removal runs on the small one.
        await onThread(stackSize: 4 << 20) {
            box.parsed =
                JSONResponseSerializer().responseObject(for: response("application/json"), data: Data(text.utf8)).object
        }
        await onThread(stackSize: 64 << 10) {
            box.removed = box.parsed.map(removingKeysWithNullValues)
        }
        await onThread(stackSize: 4 << 20) {
            var current = box.removed
            while let dictionary = current as? [String: Any] {
                box.levels += 1
                box.innermost = dictionary
                current = dictionary["a"]
            }
            current = nil
            box.parsed = nil
            box.removed = nil
        }
        #expect(box.levels == objects)
        #expect(box.innermost.keys.sorted() == ["c"])
        #expect((box.innermost["c"] as? [Any])?.isEmpty == true)
    }

    @Test("Invalid UTF-8 gives invalidText with the offset of the first bad byte")
    func invalidUTF8() {
        let data = Data(Array(#"["ok","a"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8))
        #expect(reason(data) == .invalidText(charset: "utf-8", byteOffset: 8))
        #expect(
            reason(Data(Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8)))
                == .invalidText(charset: "utf-8", byteOffset: 2))
        // After a two-byte é: the offset counts bytes (7), not characters (6).
        #expect(
            reason(Data(Array(#"["é",""#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8)))
                == .invalidText(charset: "utf-8", byteOffset: 7))
    }

    @Test("A charset the platform does not know gives unknownCharset")
    func unknownCharset() {
        #expect(reason(Data("[1]".utf8), "application/json; charset=x-klingon") == .unknownCharset("x-klingon"))
    }

    #if os(Linux)
    @Test("On Linux, EUC-JP has a name but no converter, so it counts as unknown")
    func knownNameWithoutConverter() {
        #expect(reason(Data("[1]".utf8), "application/json; charset=EUC-JP") == .unknownCharset("EUC-JP"))
    }
    #endif

    @Test("A 50 MiB body is refused with bodyTooLarge before it is parsed, and parses when allowed")
    func fiftyMegabytes() {
        let size = 50 << 20
        var data = Data(repeating: UInt8(ascii: " "), count: size)
        data[0] = UInt8(ascii: "[")
        data[size - 1] = UInt8(ascii: "]")
        #expect(reason(data) == .bodyTooLarge(byteCount: size, limit: 16 << 20))
        #expect(
            (serializer.responseObject(for: response("application/json"), data: data).error as NSError?)?.code
                == NSURLErrorDataLengthExceedsMaximum)
        var unlimited = serializer
        unlimited.maximumBodySize = nil
        #expect(
            (unlimited.responseObject(for: response("application/json"), data: data).object as? [Any])?.isEmpty == true)
    }

    @Test("Text in a declared charset that does not decode gives invalidText for that charset")
    func undecodableInDeclaredCharset() {
        #expect(
            reason(Data([0x5B, 0x22, 0xE9, 0x22, 0x5D]), "application/json; charset=us-ascii")
                == .invalidText(charset: "us-ascii", byteOffset: nil))
    }
}
