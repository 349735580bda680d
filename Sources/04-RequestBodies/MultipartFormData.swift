import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A multipart form being built: AFNetworking's `AFMultipartFormData` protocol and its
/// `AFStreamingMultipartFormData`, as a value. Append parts, then turn the form into a request
/// (`multipartFormRequest`) or into a file (`writeBody(to:)`). Nothing is read until then.
public struct MultipartFormData: Sendable {
    /// The line between parts: `Boundary+` and 16 upper-case hex digits, random unless given.
    public let boundary: String
    public private(set) var parts: [MultipartPart] = []

    /// An empty form with a random boundary.
    public init() {
        boundary = Self.randomBoundary()
    }

    /// An empty form with your own boundary, for output that must be the same every time (tests,
    /// documentation). RFC 2046 allows 1 to 70 characters: letters, digits and `'()+_,-./:=?`, and
    /// spaces except at the end.
    public init(boundary: String) throws(MultipartFormError) {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+_,-./:=? ")
        guard (1...70).contains(boundary.count), boundary.allSatisfy(allowed.contains), boundary.last != " " else {
            throw .invalidBoundary(boundary)
        }
        self.boundary = boundary
    }

    /// `Boundary+` and two random 32-bit numbers in hex, as AFNetworking makes it: 64 random bits
    /// make it vanishingly unlikely that a part's bytes contain the boundary line by chance.
    public static func randomBoundary() -> String {
        String(format: "Boundary+%08X%08X", UInt32.random(in: .min ... .max), UInt32.random(in: .min ... .max))
    }

    /// Whether the form has no parts. An empty form adds nothing to a request.
    public var isEmpty: Bool { parts.isEmpty }
}

// listing: appending-parts
extension MultipartFormData {
    /// A text field: `Content-Disposition: form-data; name="…"`, and the bytes.
    public mutating func appendPart(withFormData data: Data, name: String) {
        parts.append(.field(name: name, data: data))
    }

    /// A file given as bytes in memory.
    public mutating func appendPart(withFileData data: Data, name: String, fileName: String, mimeType: String) {
        parts.append(
            MultipartPart(headers: fileHeaders(name: name, fileName: fileName, mimeType: mimeType), body: .data(data)))
    }
}
// end-listing

// listing: appending-file-parts
extension MultipartFormData {
    /// A file on disk, named after its last path component, typed by its extension. It is read
    /// while the body is sent, never loaded whole.
    public mutating func appendPart(withFileURL fileURL: URL, name: String) throws(MultipartFormError) {
        try appendPart(
            withFileURL: fileURL, name: name, fileName: fileURL.lastPathComponent,
            mimeType: RequestBodies.mimeType(forPathExtension: fileURL.pathExtension))
    }
    // end-listing

    // listing: appending-file-part-checks
    /// A file on disk, with the name and type you give. Fails now, not while sending, when the
    /// URL is not a file's or the file cannot be read: its length goes into `Content-Length`.
    public mutating func appendPart(withFileURL fileURL: URL, name: String, fileName: String, mimeType: String)
        throws(MultipartFormError)
    {
        guard fileURL.isFileURL else { throw .notAFileURL(fileURL) }
        guard (try? fileURL.checkResourceIsReachable()) == true else { throw .fileNotReachable(fileURL) }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: fileURL.path)
        } catch {
            throw .fileUnreadable(fileURL, reason: "\(error)")
        }
        guard attributes[.type] as? FileAttributeType != .typeDirectory else {
            throw .fileUnreadable(fileURL, reason: "it is a folder")
        }
        guard let size = (attributes[.size] as? NSNumber)?.uint64Value else {
            throw .fileUnreadable(fileURL, reason: "its size is unknown")
        }
        parts.append(
            MultipartPart(
                headers: fileHeaders(name: name, fileName: fileName, mimeType: mimeType),
                body: .file(fileURL, length: size)))
    }
}
// end-listing

// listing: appending-stream-parts
extension MultipartFormData {
    /// A stream of exactly `length` bytes. `makeStream` is called each time the body is read.
    public mutating func appendPart(
        withInputStream makeStream: @escaping @Sendable () -> InputStream,
        name: String, fileName: String, length: UInt64, mimeType: String
    ) {
        parts.append(
            MultipartPart(
                headers: fileHeaders(name: name, fileName: fileName, mimeType: mimeType),
                body: .stream(makeStream, length: length)))
    }

    /// A part with headers of your own. A header with a line break is refused: it would end the
    /// header block early and let what follows be read as another header.
    public mutating func appendPart(withHeaders headers: [PartHeader], body: Data) throws(MultipartFormError) {
        if let bad = headers.first(where: { ($0.name + $0.value).contains(where: \.isNewline) }) {
            throw .invalidHeader(name: bad.name, value: bad.value)
        }
        parts.append(MultipartPart(headers: headers, body: .data(body)))
    }

    /// The parts, with `other`'s parts before them (used to put parameters first).
    func prepending(_ other: [MultipartPart]) -> MultipartFormData {
        var form = self
        form.parts = other + parts
        return form
    }
}
// end-listing

// listing: disposition-quoting
/// `form-data; name="…"`, with the name made safe for its quotes. AFNetworking writes names as they
/// are, so a name with a `"` or a line break corrupts the part. Browsers follow the HTML standard:
/// `"` becomes `%22`, CR `%0D`, LF `%0A`; so does this.
func disposition(name: String, fileName: String? = nil) -> String {
    func quoted(_ text: String) -> String {
        // Scalar by scalar: to a `String`, "\r\n" is one Character, which a search for "\r" skips.
        var quoted = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "%22"
            case "\r": quoted += "%0D"
            case "\n": quoted += "%0A"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted
    }
    let named = "form-data; name=\"\(quoted(name))\""
    return fileName.map { named + "; filename=\"\(quoted($0))\"" } ?? named
}
// end-listing

extension MultipartPart {
    /// A text field's part.
    static func field(name: String, data: Data) -> MultipartPart {
        MultipartPart(headers: [PartHeader("Content-Disposition", disposition(name: name))], body: .data(data))
    }
}

private func fileHeaders(name: String, fileName: String, mimeType: String) -> [PartHeader] {
    [
        PartHeader("Content-Disposition", disposition(name: name, fileName: fileName)),
        PartHeader("Content-Type", oneLine(mimeType)),
    ]
}

/// A MIME type kept on its header line. AFNetworking writes it as given, so a CR or LF in it ends the
/// part's headers early and what follows is read as another header, or as the body. Escaped as names
/// are (`%0D`, `%0A`), it stays one harmless line; quotes stay, since a parameter may be quoted.
private func oneLine(_ mimeType: String) -> String {
    var line = ""
    for scalar in mimeType.unicodeScalars {
        switch scalar {
        case "\r": line += "%0D"
        case "\n": line += "%0A"
        default: line.unicodeScalars.append(scalar)
        }
    }
    return line
}
