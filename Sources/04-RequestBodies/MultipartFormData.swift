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
    public internal(set) var parts: [MultipartPart] = []

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
}
// end-listing

extension MultipartFormData {
    /// The parts, with `other`'s parts before them (used to put parameters first).
    func prepending(_ other: [MultipartPart]) -> MultipartFormData {
        var form = self
        form.parts = other + parts
        return form
    }
}
