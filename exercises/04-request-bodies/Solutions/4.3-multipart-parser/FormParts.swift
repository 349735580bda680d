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
/// 4's `MultipartFormData` writes: bytes, not text, since a part may hold any bytes at all.
///
/// A boundary line is `--` and the boundary, then CRLF, or `--` for the last one; every boundary
/// line but the first has a CRLF before it, and that CRLF belongs to the boundary, not to the part
/// before it. The same text followed by anything else is content. A part is header lines, an empty
/// line, and content; header names ignore case, and a `Content-Disposition` value in quotes may
/// hold a `;`.
public func formParts(of body: Data, boundary: String) throws(FormParseError) -> [FormPart] {
    let bytes = [UInt8](body)
    let delimiter = Array("--\(boundary)".utf8)
    guard bytes.starts(with: delimiter) else { throw .noFirstBoundary }
    var parts: [FormPart] = []
    var position = delimiter.count  // just after a boundary
    // A body cut short is that, whatever the part it cut had got to: a part without its empty line
    // or its name yet is cut, not malformed. No content holds the final boundary line.
    guard bytes[position...].starts(with: dashes) || firstIndex(of: crlf + delimiter + dashes, in: bytes, from: position) != nil else {
        throw .missingFinalBoundary
    }
    while true {
        if bytes[position...].starts(with: dashes) { return parts }  // the final boundary
        guard bytes[position...].starts(with: crlf) else { throw .malformedPart(index: parts.count) }
        // The headers end at the first empty line; with no headers, that is the boundary's own CRLF.
        guard let blankLine = firstIndex(of: crlf + crlf, in: bytes, from: position) else { throw .malformedPart(index: parts.count) }
        let contentStart = blankLine + 4
        guard let contentEnd = nextBoundary(delimiter, in: bytes, from: contentStart) else { throw .missingFinalBoundary }
        let headers = String(decoding: bytes[min(position + 2, blankLine)..<blankLine], as: UTF8.self)
        guard var part = part(headers: headers) else { throw .malformedPart(index: parts.count) }
        part.content = Data(bytes[contentStart..<contentEnd])
        parts.append(part)
        position = contentEnd + crlf.count + delimiter.count
    }
}

private let crlf: [UInt8] = [0x0D, 0x0A]
private let dashes: [UInt8] = [0x2D, 0x2D]

/// Where the CRLF before the next boundary line starts: CRLF, the delimiter, then `--` or CRLF.
/// A line that only starts like the boundary is content, and the search goes on past it.
func nextBoundary(_ delimiter: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    var from = start
    while let found = firstIndex(of: crlf + delimiter, in: bytes, from: from) {
        let after = bytes[(found + crlf.count + delimiter.count)...]
        if after.starts(with: dashes) || after.starts(with: crlf) { return found }
        from = found + 1
    }
    return nil
}

/// The first place `needle` occurs in `bytes` at or after `start`.
func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    bytes.indices.dropFirst(start).first { bytes[$0...].starts(with: needle) }
}

/// A part's name, file name and type from its header lines; nil when it has no name.
func part(headers: String) -> FormPart? {
    var name: String?
    var fileName: String?
    var contentType: String?
    for line in headers.split(separator: "\r\n") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch line[..<colon].lowercased() {
        case "content-disposition":
            let parameters = dispositionParameters(value)
            name = parameters["name"]
            fileName = parameters["filename"]
        case "content-type":
            contentType = value
        default:
            break
        }
    }
    return name.map { FormPart(name: $0, fileName: fileName, contentType: contentType, content: Data()) }
}

/// `form-data; name="a"; filename="x;y.txt"` → name: a, filename: x;y.txt. A `;` inside quotes is
/// part of the value; parameter names ignore case.
func dispositionParameters(_ value: String) -> [String: String] {
    var parameters: [String: String] = [:]
    var pieces: [String] = [""]
    var quoted = false
    for character in value {
        if character == "\"" { quoted.toggle() }
        if character == ";" && !quoted { pieces.append("") } else { pieces[pieces.count - 1].append(character) }
    }
    for piece in pieces.dropFirst() {
        guard let equals = piece.firstIndex(of: "=") else { continue }
        let key = piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        var text = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        parameters[key] = text
    }
    return parameters
}
