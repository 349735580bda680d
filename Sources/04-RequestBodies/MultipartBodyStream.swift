import Foundation

// listing: body-stream
/// A form's body as an `InputStream`, which is what `URLRequest.httpBodyStream` takes
/// (AFNetworking's `AFMultipartBodyStream`). URLSession pulls the body with
/// `read(_:maxLength:)` while it sends; each call fills the buffer from the reader.
final class MultipartBodyStream: InputStream {
    private let form: MultipartFormData
    private var reader: MultipartBodyReader?
    private var status: Stream.Status = .notOpen
    private var failure: (any Error)?

    init(form: MultipartFormData) {
        self.form = form
        super.init(data: Data())  // InputStream has no plain init; the empty data is never read
    }
    // end-listing

    // listing: body-stream-open
    /// Starts a fresh reader on the form, even after the stream was read to its end: a `URLRequest`
    /// is a value that may be sent twice, but its `httpBodyStream` is one shared object, and a
    /// stream that could be read only once would send an empty body the second time.
    override func open() {
        guard status != .open else { return }
        reader = MultipartBodyReader(form)
        failure = nil
        status = .open
    }

    override func close() {
        reader = nil  // closes the part being read, if any
        status = .closed
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { failure }
    override var hasBytesAvailable: Bool { status == .open }
    // end-listing

    // listing: body-stream-read
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
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
    // end-listing

    /// No direct access to an internal buffer: the bytes do not exist until they are read.
    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    #if canImport(Darwin)
    // On Apple platforms, URLSession handles an InputStream as a CFReadStream and calls these
    // private methods, which a Swift subclass does not inherit in a usable form. A stream that
    // is only ever read synchronously needs no run loop and no client: empty answers suffice
    // (AFNetworking implements the same three as no-ops).
    @objc(_scheduleInCFRunLoop:forMode:)
    func scheduleInCFRunLoop(_ runLoop: CFRunLoop?, forMode mode: CFRunLoopMode?) {}

    @objc(_unscheduleFromCFRunLoop:forMode:)
    func unscheduleFromCFRunLoop(_ runLoop: CFRunLoop?, forMode mode: CFRunLoopMode?) {}

    @objc(_setCFClientFlags:callback:context:)
    func setCFClientFlags(
        _ flags: CFOptionFlags, callback: CFReadStreamClientCallBack?,
        context: UnsafeMutablePointer<CFStreamClientContext>?
    ) -> Bool {
        false
    }
    #endif
}

extension MultipartFormData {
    /// A new stream of the whole body, for `URLRequest.httpBodyStream` or for
    /// `urlSession(_:task:needNewBodyStream:)`.
    public func makeBodyStream() -> InputStream {
        MultipartBodyStream(form: self)
    }
}
