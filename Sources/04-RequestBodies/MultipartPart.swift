import Foundation

/// One header line of a part, such as `Content-Type: image/png`.
public struct PartHeader: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// One part of a multipart form: its headers, and where its bytes come from.
public struct MultipartPart: Sendable {
    /// Where a part's bytes come from. Only `data` is in memory; the other two are read a buffer
    /// at a time while the body is sent.
    public enum Body: Sendable {
        case data(Data)
        /// A file, of the length it had when it was added.
        case file(URL, length: UInt64)
        /// A stream of `length` bytes. A function that makes the stream rather than the stream
        /// itself: a stream can be read once, but a form may be read more than once (written to a
        /// file and then sent; sent again after a redirect or a retry). AFNetworking copies a part
        /// by sharing its `NSInputStream`, so a second read of a copy finds the stream at its end.
        case stream(@Sendable () -> InputStream, length: UInt64)
    }

    public var headers: [PartHeader]
    public var body: Body
}

extension MultipartPart.Body {
    /// The number of bytes, known before any is read: that is what makes `Content-Length` possible
    /// without reading the body first.
    public var length: UInt64 {
        switch self {
        case .data(let data): UInt64(data.count)
        case .file(_, let length), .stream(_, let length): length
        }
    }
}
