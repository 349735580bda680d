import Foundation

/// One part of a `multipart/form-data` body, as a server reads it.
public struct FormPart: Equatable, Sendable {
    /// The `name` of its `Content-Disposition`, as written between the quotes.
    public var name: String
    /// Its `filename`, for a file part.
    public var fileName: String?
    /// Its own `Content-Type`, for a file part.
    public var contentType: String?
    /// Its bytes, exactly as sent.
    public var content: Data

    public init(name: String, fileName: String? = nil, contentType: String? = nil, content: Data) {
        self.name = name
        self.fileName = fileName
        self.contentType = contentType
        self.content = content
    }
}

/// What makes a body no multipart form.
public enum FormParseError: Error, Equatable {
    /// The body does not start with the boundary line.
    case noFirstBoundary
    /// The body ends before the final boundary line, `--boundary--`.
    case missingFinalBoundary
    /// The part at `index` has no empty line after its headers, or no `name`.
    case malformedPart(index: Int)
}

/// The parts of a multipart body (RFC 2046 §5.1.1, RFC 7578), read as a server reads what chapter
/// 4's `MultipartFormData` writes.
///
/// This is the parser many servers started with, and it reads simple forms well. Run
/// `swift run workshop check 4.3`, read which bodies it gets wrong, then fix it.
public func formParts(of body: Data, boundary: String) throws(FormParseError) -> [FormPart] {
    // TODO(4.3): read every part exactly as it was sent, and refuse a body that is not a whole form.
    let text = String(decoding: body, as: UTF8.self)
    guard text.hasPrefix("--\(boundary)") else { throw .noFirstBoundary }
    var parts: [FormPart] = []
    for chunk in text.components(separatedBy: "--\(boundary)").dropFirst() {
        if chunk.hasPrefix("--") { break }  // the final boundary
        let sections = chunk.components(separatedBy: "\r\n\r\n")
        guard sections.count >= 2 else { throw .malformedPart(index: parts.count) }
        var part = FormPart(name: "", content: Data(sections[1].utf8))
        for line in sections[0].split(separator: "\r\n") {
            if line.hasPrefix("Content-Disposition:") {
                for parameter in line.split(separator: ";") {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pair.count == 2 else { continue }
                    let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    if pair[0] == "name" { part.name = value }
                    if pair[0] == "filename" { part.fileName = value }
                }
            } else if line.hasPrefix("Content-Type:") {
                part.contentType = line.dropFirst("Content-Type:".count).trimmingCharacters(in: .whitespaces)
            }
        }
        parts.append(part)
    }
    return parts
}
