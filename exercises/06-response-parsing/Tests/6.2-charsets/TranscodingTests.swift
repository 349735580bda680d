import Chapter06Exercise2
import Foundation
import ResponseValidation
import Testing

@Suite("6.2 Fix the transcoder that only knows UTF-8")
struct TranscodingTests {
    func text(_ body: Data, _ charset: String?) throws -> String {
        String(decoding: try utf8Text(from: body, charset: charset), as: UTF8.self)
    }

    @Test("An ISO-8859-1 body becomes UTF-8")
    func latin1() throws {
        let result = try text(Data([0x5A, 0x6F, 0xEB]), "iso-8859-1")
        #expect(result == "Zoë")
    }

    @Test("A windows-1252 euro sign, byte 0x80, becomes €, and the charset name ignores case")
    func windows1252() throws {
        let result = try text(Data([0x31, 0x32, 0x20, 0x80]), "Windows-1252")
        #expect(result == "12 €")
    }

    @Test("A UTF-16LE body becomes UTF-8")
    func utf16() throws {
        let result = try text(Data([0x5A, 0x00, 0x6F, 0x00, 0xEB, 0x00]), "utf-16le")
        #expect(result == "Zoë")
    }

    @Test("A UTF-8 byte-order mark is removed")
    func byteOrderMark() throws {
        let result = try text(Data([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]), "utf-8")
        #expect(result == "{}", "\(Array(result.utf8).map { String($0, radix: 16) })")
    }

    @Test("A charset the transcoder does not know throws unknownCharset")
    func unknown() {
        #expect(throws: ResponseSerializationError.Reason.unknownCharset("x-klingon")) {
            try utf8Text(from: Data("{}".utf8), charset: "x-klingon")
        }
    }

    @Test("Bytes that are not valid UTF-8 throw invalidText instead of turning into �")
    func invalidUTF8() {
        #expect(throws: ResponseSerializationError.Reason.invalidText(charset: "utf-8", byteOffset: nil)) {
            try text(Data([0x22, 0xC3, 0x28, 0x22]), nil)
        }
    }
}
