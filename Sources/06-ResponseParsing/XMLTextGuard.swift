import Foundation
import ResponseValidation

/// What an XML body must be before any `XMLParser` with a delegate reads it, checked on the bytes.
///
/// On Linux, FoundationXML hands libxml2's reports to the delegate with force unwraps, and with C
/// pointers it assumes are never null; some bodies stop the process there, whichever delegate
/// methods are implemented: a name that is not valid UTF-8 (libxml2 reports the bytes, then hands
/// them on), and markup whose optional part is missing (a processing instruction with no data, an
/// attribute declared without a default, a notation or an unparsed entity with one identifier).
/// Entities, when allowed, could spell such markup with character references (`&#60;`), out of a
/// byte scan's sight: a body that declares entities must then do without character references.
/// The check runs on every platform, so that a body gets the same answer everywhere.
enum XMLTextGuard {
    static func check(_ body: Data) throws(ResponseSerializationError.Reason) {
        let markup = Array(body.lazy.filter { $0 != 0 })  // ASCII markup, in UTF-8, UTF-16 or UTF-32 alike
        // 1. An encoding in which markup is ASCII bytes, as the scans here and in the entity guard
        //    read it. libxml2 would convert others too, but UTF-7 writes `<` as `+ADw-`.
        if let encoding = mentionedEncoding(in: markup), !isASCIICompatible(encoding) {
            throw .unknownCharset(encoding)
        }
        // 2. Text libxml2 reads as UTF-8 must be UTF-8: everything but UTF-16 and UTF-32, and text
        //    whose declaration libxml2 certainly reads and follows.
        if !isWide(body), !declaresConvertedEncoding(body), let offset = JSONText.firstInvalidUTF8Offset(in: body) {
            throw .invalidText(charset: "utf-8", byteOffset: offset)
        }
        // 3. Markup with a missing part that FoundationXML reads anyway.
        if let detail = unreportableMarkup(in: markup) { throw .malformedBody(format: "XML", detail: detail) }
    }

    /// UTF-16 or UTF-32 as libxml2 recognizes them: a byte-order mark, or `<` (`<?` in UTF-16)
    /// beside zero bytes.
    static func isWide(_ body: Data) -> Bool {
        let signatures: [[UInt8]] = [
            [0xFE, 0xFF], [0xFF, 0xFE], [0x00, 0x3C, 0x00, 0x3F], [0x3C, 0x00, 0x3F, 0x00],
            [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00], [0x00, 0x00, 0x3C, 0x00], [0x00, 0x3C, 0x00, 0x00],
        ]
        return signatures.contains { body.starts(with: $0) }
    }

    /// Unicode, and the ASCII-compatible charsets servers send (US-ASCII, ISO 8859, Windows code
    /// pages, KOI8, the East Asian multibyte ones), by the prefix of their names.
    static func isASCIICompatible(_ encoding: String) -> Bool {
        let name = encoding.uppercased()
        let prefixes = [
            "UTF-8", "UTF8", "UTF-16", "UTF16", "UTF-32", "UTF32", "UCS-2", "UCS2", "UCS-4", "UCS4", "ISO-10646-UCS-",
            "US-ASCII", "ASCII", "ISO-8859-", "ISO_8859-", "ISO8859-", "LATIN", "WINDOWS-125", "CP125", "KOI8-",
            "SHIFT_JIS", "SHIFT-JIS", "SJIS", "EUC-JP", "EUC-KR", "EUC-CN", "GB2312", "GBK", "GB18030", "BIG5",
        ]
        return prefixes.contains { name.hasPrefix($0) }
    }

    /// Whether the declaration names an encoding libxml2 converts to UTF-8 (not a Unicode one:
    /// libxml2 ignores a declared UTF-16 on 8-bit text), read strictly.
    static func declaresConvertedEncoding(_ body: Data) -> Bool {
        guard let encoding = declaredEncoding(body) else { return false }
        return isASCIICompatible(encoding)
            && !["UTF", "UCS", "ISO-10646"].contains { encoding.uppercased().hasPrefix($0) }
    }
}
