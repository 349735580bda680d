import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: content-type
/// A response's media type and charset, read from its `Content-Type` header
/// (`application/json; charset=utf-8` → `application/json`, `utf-8`).
///
/// AFNetworking reads `response.MIMEType` and `response.textEncodingName`, which Foundation parses
/// from the same header. On Linux that parse has two flaws: a space before the `;` stays in the
/// MIME type (`"application/json "`, which then matches no acceptable type), and the parameter is
/// found only when spelled `charset` in lower case. RFC 9110 §8.3.1 makes the type, the subtype and
/// parameter names case-insensitive, and lets a value be quoted; this parse follows the RFC, so
/// both platforms agree.
public struct ContentType: Sendable, Hashable {
    /// `type/subtype`, in lower case.
    public var mimeType: String
    /// The `charset` parameter's value as sent (quotes removed), or nil.
    public var charset: String?

    public init(mimeType: String, charset: String? = nil) {
        self.mimeType = mimeType
        self.charset = charset
    }
    // end-listing

    // listing: content-type-parse
    /// Parses a `Content-Type` header value; nil when it names no media type.
    public init?(header: String) {
        var header = header
        guard let parsed = header.withUTF8(Self.parse) else { return nil }
        (mimeType, charset) = parsed
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (mimeType: String, charset: String?)? {
        var rest = bytes[...]
        let mimeType = trimmed(takePart(&rest))
        guard !mimeType.isEmpty else { return nil }
        var charset: String?
        while !rest.isEmpty {
            let parameter = takePart(&rest)
            guard let equals = parameter.firstIndex(of: equalsSign), isCharset(trimmed(parameter[..<equals])) else {
                continue
            }
            var value = trimmed(parameter[(equals + 1)...])
            while value.first == quote { value.removeFirst() }
            while value.last == quote { value.removeLast() }
            charset = String(decoding: value, as: UTF8.self)
        }
        return (lowercased(mimeType), charset)
    }
    // end-listing
}

// The header is read as the UTF-8 bytes of its storage, with integer positions, and cut into
// parts without an array or a `Character`: every response goes through this parse twice
// (validation reads the type, the JSON serializer the charset), and finding grapheme boundaries,
// or even moving a `String.Index`, costs several times the work for the same ASCII text.
extension ContentType {
    static let semicolon = UInt8(ascii: ";")
    static let equalsSign = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// The text up to the next `;`, taken off the front of `rest` (the `;` too).
    private static func takePart(_ rest: inout Bytes) -> Bytes {
        guard let end = rest.firstIndex(of: semicolon) else {
            defer { rest = rest[rest.endIndex...] }
            return rest
        }
        defer { rest = rest[(end + 1)...] }
        return rest[..<end]
    }

    /// Trims the spaces and tabs HTTP allows around a header's parts (RFC 9110's "OWS").
    private static func trimmed(_ text: Bytes) -> Bytes {
        let isOptionalWhitespace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = text.firstIndex(where: { !isOptionalWhitespace($0) }),
            let last = text.lastIndex(where: { !isOptionalWhitespace($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }

    /// Whether a parameter's name is `charset`, in any case. (Setting the 0x20 bit lower-cases an
    /// ASCII letter; no other byte becomes one of `charset`'s letters that way.)
    private static func isCharset(_ name: Bytes) -> Bool {
        name.count == 7 && zip(name, "charset".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The type in lower case. A media type is ASCII (RFC 9110's `token`), compared without regard
    /// to the case of its letters; nearly every server sends it in lower case already, and then
    /// the bytes are copied as they are.
    private static func lowercased(_ text: Bytes) -> String {
        let isUpper: (UInt8) -> Bool = { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
        guard text.contains(where: isUpper) else { return String(decoding: text, as: UTF8.self) }
        return String(decoding: text.map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

extension ContentType {
    /// The content type of `response`: from its header for an HTTP response, otherwise from what
    /// the response itself reports (a file or data URL has no headers).
    public init?(of response: URLResponse?) {
        if let http = response as? HTTPURLResponse {
            guard let header = http.value(forHTTPHeaderField: "Content-Type") else { return nil }
            self.init(header: header)
        } else {
            guard let mimeType = response?.mimeType else { return nil }
            self.init(mimeType: mimeType.lowercased(), charset: response?.textEncodingName)
        }
    }
}
