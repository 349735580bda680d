import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: body-to-file
extension MultipartFormData {
    /// Writes the whole body to `fileURL` and returns its length, for
    /// `URLSession.uploadTask(with:fromFile:)`: an upload from a file has a length URLSession can
    /// see, so it is sent with Content-Length on every platform, and can run in a background
    /// session, which a stream cannot.
    @discardableResult
    public func writeBody(to fileURL: URL) throws(MultipartFormError) -> UInt64 {
        let reader = MultipartBodyReader(self)
        return try writeFile(fileURL) { buffer throws(MultipartFormError) in try reader.read(into: buffer) }
    }
}
// end-listing

// listing: body-stream-to-file
extension URLRequest {
    /// This request's body stream written to `fileURL`, and the request without the stream but with
    /// its `Content-Length`: ready for `uploadTask(with:fromFile:)` (AFNetworking's
    /// `requestWithMultipartFormRequest:writingStreamContentsToFile:completionHandler:`, done in
    /// place rather than on a background queue: the caller chooses the thread).
    public func writingBodyStream(to fileURL: URL) throws(MultipartFormError) -> URLRequest {
        guard let stream = httpBodyStream else { throw .missingBodyStream }
        stream.open()
        defer { stream.close() }
        let length = try writeFile(fileURL) { buffer throws(MultipartFormError) in
            let count = stream.read(buffer.baseAddress!, maxLength: buffer.count)
            // A form's own stream fails with a MultipartFormError: pass it on as it is.
            guard count >= 0 else {
                throw stream.streamError as? MultipartFormError
                    ?? .streamFailed(index: 0, underlying: stream.streamError)
            }
            return count
        }
        var request = self
        request.httpBodyStream = nil
        request.setValue(String(length), forHTTPHeaderField: "Content-Length")
        return request
    }
}
// end-listing

// listing: write-file
/// Creates `fileURL` and fills it with what `read` gives, 256 KB at a time, until it gives 0.
/// On failure the partial file is removed: half a body must not be uploaded by mistake.
private func writeFile(
    _ fileURL: URL, read: (UnsafeMutableBufferPointer<UInt8>) throws(MultipartFormError) -> Int
) throws(MultipartFormError) -> UInt64 {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256 * 1024)
    defer { buffer.deallocate() }
    guard FileManager.default.createFile(atPath: fileURL.path, contents: nil),
        let file = try? FileHandle(forWritingTo: fileURL)
    else {
        throw .writeFailed(fileURL, underlying: CocoaError(.fileWriteUnknown))
    }
    defer { try? file.close() }
    var written: UInt64 = 0
    do throws(MultipartFormError) {
        while case let count = try read(buffer), count > 0 {
            do {
                try file.write(contentsOf: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<count])))
            } catch {
                throw .writeFailed(fileURL, underlying: error)
            }
            written += UInt64(count)
        }
    } catch {
        try? FileManager.default.removeItem(at: fileURL)
        throw error
    }
    return written
}
// end-listing
