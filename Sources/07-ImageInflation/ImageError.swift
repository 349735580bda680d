/// Every way decoding can refuse an input. Bad input always ends here, never in a crash, a hang
/// or a process exit (libjpeg's default reaction).
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No bytes at all.
    case emptyData
    /// The magic bytes are neither PNG's nor JPEG's, whatever the MIME type claimed.
    case unrecognizedFormat
    /// The data ends before the header says how large the image is.
    case truncatedHeader(ImageFormat)
    /// The header is there but breaks the format's rules.
    case invalidHeader(ImageFormat, reason: String)
    /// The declared size is over `DecodingOptions.maxPixelCount`: refused before any pixel memory
    /// is allocated (a decompression bomb is a tiny file that declares a huge image).
    case tooLarge(width: Int, height: Int, maxPixelCount: Int)
    /// The data ends before the last pixel.
    case truncatedData(ImageFormat)
    /// The library found damaged data (or, for JPEG in strict mode, warned about it).
    case corruptData(ImageFormat, message: String)

    public var description: String {
        switch self {
        case .emptyData:
            "The image data is empty."
        case .unrecognizedFormat:
            "The data is neither a PNG nor a JPEG image (judged by its first bytes)."
        case .truncatedHeader(let format):
            "The \(format) data ends inside its header."
        case .invalidHeader(let format, let reason):
            "The \(format) header is invalid: \(reason)."
        case .tooLarge(let width, let height, let maxPixelCount):
            "The image declares \(width)×\(height) pixels, more than the limit of \(maxPixelCount)."
        case .truncatedData(let format):
            "The \(format) data ends before the image is complete."
        case .corruptData(let format, let message):
            "The \(format) data is damaged: \(message)."
        }
    }
}
