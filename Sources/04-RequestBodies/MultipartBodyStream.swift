import Foundation

// listing: body-stream
/// A form's body as an `InputStream`, which is what `URLRequest.httpBodyStream` takes
/// (AFNetworking's `AFMultipartBodyStream`). URLSession pulls the body with `read(_:maxLength:)`
/// while it sends. The class is only the shape URLSession expects: its state and each read are
/// `BodyStreamState`'s.
final class MultipartBodyStream: InputStream {
    private let form: MultipartFormData
    private var state = BodyStreamState()

    init(form: MultipartFormData) {
        self.form = form
        super.init(data: Data())  // InputStream has no plain init; the empty data is never read
    }

    override func open() { state.open(form) }
    override func close() { state.close() }
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        state.read(buffer, maxLength: length)
    }

    override var streamStatus: Stream.Status { state.status }
    override var streamError: (any Error)? { state.failure }
    override var hasBytesAvailable: Bool { state.status == .open }

    /// No internal buffer to lend: the bytes do not exist until they are read.
    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool { false }
}
// end-listing

#if canImport(Darwin)
// On Apple platforms, URLSession handles an InputStream as a CFReadStream and calls these
// private methods, which a Swift subclass does not inherit in a usable form. A stream that is
// only ever read synchronously needs no run loop and no client: empty answers suffice
// (AFNetworking implements the same three as no-ops).
extension MultipartBodyStream {
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
}
#endif

extension MultipartFormData {
    /// A new stream of the whole body, for `URLRequest.httpBodyStream` or for
    /// `urlSession(_:task:needNewBodyStream:)`.
    public func makeBodyStream() -> InputStream {
        MultipartBodyStream(form: self)
    }
}
