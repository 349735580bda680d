import Foundation

// listing: multipart-framing
/// The bytes between the parts of a multipart body (RFC 2046 §5.1.1), as AFNetworking writes them.
/// Every line ends in CRLF. A boundary line is `--` and the boundary; the last one has `--` after it
/// too. The CRLF before each later boundary belongs to the boundary, not to the part before it, so
/// a part's body can end in any byte, even its own CRLF.
///
///     --Boundary+0123456789ABCDEF␍␊                     first part: initial boundary
///     Content-Disposition: form-data; name="a"␍␊        its headers,
///     ␍␊                                                an empty line,
///     1                                                 its body
///     ␍␊--Boundary+0123456789ABCDEF␍␊                   later parts: encapsulation boundary
///     …
///     ␍␊--Boundary+0123456789ABCDEF--␍␊                 after the last part: final boundary
enum MultipartFraming {
    static func initialBoundary(_ boundary: String) -> String { "--\(boundary)\r\n" }
    static func encapsulationBoundary(_ boundary: String) -> String { "\r\n--\(boundary)\r\n" }
    static func finalBoundary(_ boundary: String) -> String { "\r\n--\(boundary)--\r\n" }

    /// A part's headers, one per line, and the empty line that ends them.
    static func headerLines(_ headers: [PartHeader]) -> String {
        headers.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n"
    }
}
// end-listing

// listing: body-segments
/// One stretch of a body: framing bytes, or the body of a part.
enum BodySegment {
    case framing(Data)
    case part(index: Int, MultipartPart.Body)
}

extension MultipartFormData {
    /// Per part, its boundary and headers, then its body; after the last part, the final boundary.
    var segments: [BodySegment] {
        guard !parts.isEmpty else { return [] }
        var segments: [BodySegment] = []
        for (index, part) in parts.enumerated() {
            let boundaryLine =
                index == 0
                ? MultipartFraming.initialBoundary(boundary) : MultipartFraming.encapsulationBoundary(boundary)
            segments.append(.framing(Data((boundaryLine + MultipartFraming.headerLines(part.headers)).utf8)))
            segments.append(.part(index: index, part.body))
        }
        segments.append(.framing(Data(MultipartFraming.finalBoundary(boundary).utf8)))
        return segments
    }
}
// end-listing

// listing: content-length
extension MultipartFormData {
    /// The length of the whole body, in bytes, computed without reading any part.
    public var contentLength: UInt64 {
        segments.reduce(0) { total, segment in
            switch segment {
            case .framing(let data): total + UInt64(data.count)
            case .part(_, let body): total + body.length
            }
        }
    }
}
// end-listing
