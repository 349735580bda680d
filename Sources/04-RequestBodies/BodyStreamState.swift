import Foundation

// listing: body-stream-open
/// Where a body stream is in its life (not open, open, at its end, failed, closed), the error
/// that failed it, and the reader while it is open.
struct BodyStreamState {
    private(set) var status: Stream.Status = .notOpen
    private(set) var failure: (any Error)?
    private var reader: MultipartBodyReader?

    /// Starts a fresh reader on the form, even after the stream was read to its end: a `URLRequest`
    /// is a value that may be sent twice, but its `httpBodyStream` is one shared object, and a
    /// stream that could be read only once would send an empty body the second time.
    mutating func open(_ form: MultipartFormData) {
        guard status != .open else { return }
        reader = MultipartBodyReader(form)
        failure = nil
        status = .open
    }

    mutating func close() {
        reader = nil  // closes the part being read, if any
        status = .closed
    }
}
// end-listing

// listing: body-stream-read
extension BodyStreamState {
    /// What `InputStream.read(_:maxLength:)` answers: the number of bytes written into `buffer`,
    /// 0 at the end of the body, or -1 when the stream is not open or has failed.
    mutating func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard let reader, status == .open else { return status == .atEnd ? 0 : -1 }
        guard length > 0 else { return 0 }  // nothing asked for: not the end of the body
        do {
            let count = try reader.read(into: UnsafeMutableBufferPointer(start: buffer, count: length))
            if count == 0 { status = .atEnd }
            return count
        } catch {
            // An InputStream reports failure as -1 and `streamError`; URLSession then fails the
            // task with that error instead of sending a body shorter than its Content-Length.
            failure = error
            status = .error
            return -1
        }
    }
}
// end-listing
