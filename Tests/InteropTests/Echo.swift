import Foundation
import Testing

/// What httpbin's echo routes (`/get`, `/post`, `/anything`, …) answer: the request as the server
/// understood it. A route leaves out the fields it does not echo.
struct Echo: Decodable, Sendable {
    var url: String
    var method: String?
    /// The query, decoded.
    var args: [String: Values]
    /// A form body (URL-encoded or multipart), decoded.
    var form: [String: Values]?
    /// The multipart file parts, by field name: the text when the bytes are UTF-8, else a `data:`
    /// URL holding them in base64 (`Echo.bytes(of:)` reads both).
    var files: [String: Values]?
    /// The raw body, when it was neither a form nor a file (same convention as `files`).
    var data: String?
    var headers: [String: String]

    /// A header the server received, whatever the case of its name.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The path of the URL the server answered (after any redirects).
    var path: String? { URLComponents(string: url)?.path }

    /// The bytes behind an echoed file or body: httpbin sends UTF-8 as text, anything else as
    /// `data:<type>;base64,<bytes>`. Returns the content type too, nil for text.
    static func bytes(of echoed: String) -> (data: Data, contentType: String?)? {
        guard echoed.hasPrefix("data:"), let comma = echoed.range(of: ";base64,") else {
            return (Data(echoed.utf8), nil)
        }
        let contentType = String(echoed[echoed.index(echoed.startIndex, offsetBy: 5)..<comma.lowerBound])
        return Data(base64Encoded: String(echoed[comma.upperBound...])).map { ($0, contentType) }
    }
}

/// A query or form field's values: httpbin sends one value as a string and several as a list.
struct Values: Decodable, Sendable, Equatable, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    var all: [String]

    init(arrayLiteral elements: String...) { all = elements }
    init(stringLiteral value: String) { all = [value] }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let one = try? container.decode(String.self) {
            all = [one]
        } else {
            all = try container.decode([String].self)
        }
    }

    var description: String { all.description }
}

/// Checks that `actual` holds exactly `expected`, and on a mismatch says where the bytes first
/// differ. (`#expect(a == b)` on large `Data` would make Swift Testing compute a full
/// element-by-element difference, which takes minutes for a few hundred kilobytes.)
func expectSameBytes(
    _ actual: Data, _ expected: Data, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let firstDifference = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    Issue.record(
        "\(what): \(actual.count) bytes, expected \(expected.count); first difference at \(firstDifference.map(String.init) ?? "the end of the shorter")",
        sourceLocation: sourceLocation)
}
