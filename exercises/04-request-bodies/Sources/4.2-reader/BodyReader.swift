import Foundation

/// One stretch of a body: bytes in memory, or a stream that holds exactly `length` bytes.
public enum Segment {
    case bytes(Data)
    case stream(InputStream, length: Int)
}

/// What can go wrong while reading: `segment` is the position of the stream in the list.
public enum BodyReaderError: Error, Equatable {
    /// The stream ended before its declared length.
    case streamEndedEarly(segment: Int)
    /// The stream failed (its `read` returned -1).
    case streamFailed(segment: Int)
}

/// Reads a list of segments front to back into the caller's buffers, the way a multipart body is
/// read while it is sent: never more than one buffer's worth at a time, and a stream only when
/// its turn comes.
public final class BodyReader {
    private let segments: [Segment]

    public init(_ segments: [Segment]) {
        self.segments = segments
    }

    /// Fills `buffer` as far as the segments go and returns how many bytes it wrote: fewer than
    /// `buffer.count` only at the end, and 0 once everything has been read.
    public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(BodyReaderError) -> Int {
        // TODO(4.2): copy the next bytes of the segments into `buffer`, remembering where you stopped.
        return 0
    }
}
