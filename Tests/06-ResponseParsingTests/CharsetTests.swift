import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import Testing

@Suite("The fast path: UTF-8 as it is, other charsets transcoded once")
struct CharsetTests {
    let serializer = JSONResponseSerializer()

    func name(in data: Data, _ contentType: String, using serializer: JSONResponseSerializer? = nil) -> String? {
        let result = (serializer ?? self.serializer).responseObject(for: response(contentType), data: data)
        return (result.object as? [String: Any])?["name"] as? String
    }

    @Test("A UTF-8 body with a byte-order mark parses")
    func byteOrderMark() {
        #expect(name(in: Data([0xEF, 0xBB, 0xBF] + Array(#"{"name":"Zoë"}"#.utf8)), "application/json") == "Zoë")
    }

    @Test(
        "Declared charsets are honoured: ISO-8859-1, windows-1252, UTF-16LE, Shift_JIS",
        arguments: [
            ("iso-8859-1", String.Encoding.isoLatin1, "Zoë"),
            ("Windows-1252", .windowsCP1252, "12 €"),
            ("utf-16le", .utf16LittleEndian, "Zoë 中文"),
            ("Shift_JIS", .shiftJIS, "日本語"),
        ])
    func declaredCharsets(charset: String, encoding: String.Encoding, text: String) throws {
        let data = try #require(#"{"name":"\#(text)"}"#.data(using: encoding))
        #expect(name(in: data, "application/json; charset=\"\(charset)\"") == text)
    }

    @Test("Without a declared charset, the serializer's stringEncoding is used")
    func defaultEncoding() throws {
        let data = try #require(#"{"name":"Zoë"}"#.data(using: .isoLatin1))
        var latin1 = serializer
        latin1.stringEncoding = .isoLatin1
        #expect(name(in: data, "application/json", using: latin1) == "Zoë")
        #expect(
            serializer.responseObject(for: response("application/json"), data: data).error?.reason
                == .invalidText(charset: "utf-8", byteOffset: 11))
    }

    @Test("Decodable values take the same path")
    func decodable() throws {
        struct User: Decodable { var name: String }
        let data = try #require(#"{"name":"Zoë"}"#.data(using: .isoLatin1))
        let result = DecodableResponseSerializer<User>().responseObject(
            for: response("application/json; charset=latin1"), data: data)
        #expect(result.object?.name == "Zoë")
    }
}
