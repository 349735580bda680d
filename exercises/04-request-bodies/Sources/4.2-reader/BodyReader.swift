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
    /// Where reading stopped: the segment, and how many of its bytes are already out.
    private var segment = 0
    private var offset = 0

    /// The most a stream is asked for at once while it is skipped: skipping costs no more memory
    /// than reading.
    public static let discardLimit = 4096

    public init(_ segments: [Segment]) {
        self.segments = segments
    }

    /// Fills `buffer` as far as the segments go and returns how many bytes it wrote: fewer than
    /// `buffer.count` only at the end, and 0 once everything has been read.
    public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(BodyReaderError) -> Int {
        var written = 0
        while written < buffer.count, segment < segments.count {
            let space = UnsafeMutableBufferPointer(rebasing: buffer[written...])
            let copied: Int
            let length: Int
            switch segments[segment] {
            case .bytes(let data):
                length = data.count
                copied = data.dropFirst(offset).copyBytes(to: space)  // as many as fit
            case .stream(let stream, let streamLength):
                length = streamLength
                copied = try read(stream, length: streamLength, into: space)
            }
            written += copied
            offset += copied
            if offset == length {  // this segment is done: the next one starts at its first byte
                segment += 1
                offset = 0
            }
        }
        return written
    }

    /// Moves `count` bytes further into the body without handing them to anyone, as a resumed
    /// upload does for the bytes the server already has, and returns how many it skipped: fewer
    /// than `count` only at the end of the body. A stream skipped whole is never opened; a stream
    /// skipped in part is read and its bytes dropped, `discardLimit` at a time. Reading goes on
    /// from the first byte not skipped.
    public func skip(_ count: Int) throws(BodyReaderError) -> Int {
        // TODO(4.2): move `count` bytes on, by the rules above, without handing them to the caller.
        return 0
    }

    /// Reads the next bytes of the current segment's stream, opening it on the first read and
    /// closing it after the last.
    private func read(_ stream: InputStream, length: Int, into space: UnsafeMutableBufferPointer<UInt8>) throws(BodyReaderError) -> Int {
        let wanted = min(space.count, length - offset)
        guard wanted > 0, let start = space.baseAddress else { return 0 }
        if offset == 0 { stream.open() }
        let read = stream.read(start, maxLength: wanted)
        if read < 0 { throw .streamFailed(segment: segment) }
        // A stream that ends early would leave the server waiting for bytes that never come.
        if read == 0 { throw .streamEndedEarly(segment: segment) }
        if offset + read == length { stream.close() }
        return read
    }
}
