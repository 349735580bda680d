import Foundation

// listing: appending-file-parts
extension MultipartFormData {
    /// A file on disk, named after its last path component, typed by its extension. It is read
    /// while the body is sent, never loaded whole.
    public mutating func appendPart(withFileURL fileURL: URL, name: String) throws(MultipartFormError) {
        try appendPart(
            withFileURL: fileURL, name: name, fileName: fileURL.lastPathComponent,
            mimeType: RequestBodies.mimeType(forPathExtension: fileURL.pathExtension))
    }

    /// A file on disk, with the name and type you give. Fails now, not while sending, when the
    /// URL is not a file's or the file cannot be read: its length goes into `Content-Length`.
    public mutating func appendPart(withFileURL fileURL: URL, name: String, fileName: String, mimeType: String)
        throws(MultipartFormError)
    {
        let length = try fileLength(of: fileURL)
        parts.append(
            MultipartPart(
                headers: fileHeaders(name: name, fileName: fileName, mimeType: mimeType),
                body: .file(fileURL, length: length)))
    }
}
// end-listing

// listing: appending-file-part-checks
/// The length of the file a part will read, checked when the part is added rather than while the
/// body is sent: a URL that is not a file's, a file that is not there, a folder, a size unknown.
func fileLength(of fileURL: URL) throws(MultipartFormError) -> UInt64 {
    guard fileURL.isFileURL else { throw .notAFileURL(fileURL) }
    guard (try? fileURL.checkResourceIsReachable()) == true else { throw .fileNotReachable(fileURL) }
    let attributes: [FileAttributeKey: Any]
    do {
        attributes = try FileManager.default.attributesOfItem(atPath: fileURL.path)
    } catch {
        throw .fileUnreadable(fileURL, reason: "\(error)")
    }
    guard attributes[.type] as? FileAttributeType != .typeDirectory else {
        throw .fileUnreadable(fileURL, reason: "it is a folder")
    }
    guard let size = (attributes[.size] as? NSNumber)?.uint64Value else {
        throw .fileUnreadable(fileURL, reason: "its size is unknown")
    }
    return size
}
// end-listing
