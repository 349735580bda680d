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

    /// Parses a `Content-Type` header value; nil when it names no media type.
    public init?(header: String) {
        var parts = header.split(separator: ";", omittingEmptySubsequences: false).map(Self.trimmingOptionalWhitespace)
        let mimeType = parts.removeFirst().lowercased()
        guard !mimeType.isEmpty else { return nil }
        self.mimeType = mimeType
        for parameter in parts {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let name = Self.trimmingOptionalWhitespace(parameter[..<equals])
            guard name.lowercased() == "charset" else { continue }
            var value = Self.trimmingOptionalWhitespace(parameter[parameter.index(after: equals)...])
            while value.first == "\"" { value.removeFirst() }
            while value.last == "\"" { value.removeLast() }
            charset = String(value)
        }
    }
}
// end-listing

extension ContentType {
    /// The spaces and tabs HTTP allows around a header's parts (RFC 9110's "OWS"). Trimmed by
    /// hand rather than with `CharacterSet`: this runs for every response, and on Linux a
    /// `CharacterSet` trim costs microseconds.
    private static func trimmingOptionalWhitespace(_ text: Substring) -> Substring {
        let isOptionalWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isOptionalWhitespace($0) }),
            let last = text.lastIndex(where: { !isOptionalWhitespace($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
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
