import Foundation

// listing: streaming-reader
/// Reads a form's body front to back into the caller's buffer, one buffer at a time: the part of
/// AFNetworking's `AFMultipartBodyStream` and `AFHTTPBodyPart` that does the work. Only framing
/// and parts given as `Data` are in memory: a file part goes from disk straight into the buffer.
final class MultipartBodyReader {
    private let segments: [BodySegment]
    private var nextSegment = 0
    private var current: SegmentReader?

    init(_ form: MultipartFormData) {
        segments = form.segments
    }

    /// Fills `buffer` as far as the body goes and returns the number of bytes written: fewer than
    /// `buffer.count` only at the end of the body, and 0 once the body is over.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(MultipartFormError) -> Int {
        var filled = 0
        while filled < buffer.count {
            if current == nil {
                guard nextSegment < segments.count else { break }  // the end of the body
                current = try SegmentReader(segments[nextSegment])
                nextSegment += 1
            }
            let count = try current?.read(into: UnsafeMutableBufferPointer(rebasing: buffer[filled...])) ?? 0
            if count == 0 { current = nil }  // this segment is done: on to the next
            filled += count
        }
        return filled
    }
}
// end-listing

/// Reads one segment: framing or a `Data` part from memory, a file or stream part from its stream.
private final class SegmentReader {
    private enum Source {
        case bytes(Data, offset: Int)
        case stream(InputStream, index: Int, declared: UInt64, remaining: UInt64)
    }
    private var source: Source

    init(_ segment: BodySegment) throws(MultipartFormError) {
        switch segment {
        case .framing(let data), .part(_, .data(let data)):
            source = .bytes(data, offset: 0)
        case .part(let index, .file(let url, let length)):
            // `InputStream(url:)` is nil only for a URL it cannot handle at all; a missing file
            // gives a stream that fails to open, checked below.
            guard let stream = InputStream(url: url) else { throw .streamFailed(index: index, underlying: nil) }
            source = try Self.opened(stream, index: index, length: length)
        case .part(let index, .stream(let makeStream, let length)):
            source = try Self.opened(makeStream(), index: index, length: length)
        }
    }

    deinit {
        if case .stream(let stream, _, _, _) = source { stream.close() }
    }

    private static func opened(_ stream: InputStream, index: Int, length: UInt64) throws(MultipartFormError) -> Source {
        stream.open()
        if stream.streamStatus == .error { throw .streamFailed(index: index, underlying: stream.streamError) }
        return .stream(stream, index: index, declared: length, remaining: length)
    }

    /// Copies the next bytes into `buffer`; 0 when the segment is over.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(MultipartFormError) -> Int {
        guard let start = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        switch source {
        case .bytes(let data, let offset):
            let count = min(buffer.count, data.count - offset)
            data.copyBytes(to: start, from: (data.startIndex + offset)..<(data.startIndex + offset + count))
            source = .bytes(data, offset: offset + count)
            return count
        case .stream(let stream, let index, let declared, let remaining):
            guard remaining > 0 else {
                try expectEnd(of: stream, index: index, declared: declared)
                return 0
            }
            let count = stream.read(start, maxLength: Int(min(UInt64(buffer.count), remaining)))
            if count < 0 { throw .streamFailed(index: index, underlying: stream.streamError) }
            // The length went into Content-Length before a byte was read: a stream that ends early
            // must stop the upload, or the server waits forever for the missing bytes.
            if count == 0 {
                throw .partShorterThanDeclared(index: index, declared: declared, actual: declared - remaining)
            }
            source = .stream(stream, index: index, declared: declared, remaining: remaining - UInt64(count))
            return count
        }
    }

    /// The declared length has been read: the stream must have nothing more to give.
    private func expectEnd(of stream: InputStream, index: Int, declared: UInt64) throws(MultipartFormError) {
        var extra: UInt8 = 0
        if stream.read(&extra, maxLength: 1) > 0 { throw .partLongerThanDeclared(index: index, declared: declared) }
    }
}
