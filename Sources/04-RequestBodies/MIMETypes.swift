/// The MIME type for a file name extension, or `application/octet-stream` ("some bytes") when it
/// is not known (AFNetworking's `AFContentTypeForPathExtension`).
///
/// AFNetworking asks the operating system (Uniform Type Identifiers), which Linux does not have, and
/// whose answers change from one macOS version to the next. A table gives the same answer on every
/// system; extend it for the types your server cares about.
public func mimeType(forPathExtension pathExtension: String) -> String {
    knownMIMETypes[pathExtension.lowercased()] ?? "application/octet-stream"
}

let knownMIMETypes: [String: String] = [
    "txt": "text/plain", "html": "text/html", "htm": "text/html", "css": "text/css",
    "csv": "text/csv", "xml": "application/xml", "json": "application/json",
    "js": "text/javascript", "md": "text/markdown",
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
    "webp": "image/webp", "heic": "image/heic", "svg": "image/svg+xml", "tiff": "image/tiff",
    "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
    "plist": "application/x-plist", "cer": "application/x-x509-ca-cert",
    "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav",
    "mp4": "video/mp4", "mov": "video/quicktime",
]
