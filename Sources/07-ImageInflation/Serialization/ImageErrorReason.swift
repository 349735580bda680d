import ResponseValidation

extension ImageError {
    // listing: image-error-reason
    /// How a decoding failure reads in chapter 5's error, whose reasons are a closed list that
    /// chapter 7 cannot extend (chapter 5 cannot know `ImageError`). The detail is this error's own
    /// sentence, so nothing is lost in the translation.
    ///
    /// - Damaged data, or data that is no PNG or JPEG at all, is a body "not valid in its format":
    ///   `malformedBody`, as chapter 6 reports JSON that does not parse.
    /// - A decompression bomb is a valid file that declares too many pixels: `decodingFailed`, a
    ///   well-formed body that does not become the expected type. Not `bodyTooLarge`: that is the
    ///   size of the body received, and a bomb's is tiny (69 bytes for the PNG fixture).
    ///
    /// Both bridge to -1016, `NSURLErrorCannotDecodeContentData`: content that cannot be decoded.
    public var serializationReason: ResponseSerializationError.Reason {
        switch self {
        case .tooLarge:
            .decodingFailed(type: "Image", detail: description)
        case .emptyData, .unrecognizedFormat:
            .malformedBody(format: "PNG or JPEG", detail: description)
        case .truncatedHeader(let format), .invalidHeader(let format, _), .truncatedData(let format),
            .corruptData(let format, _):
            .malformedBody(format: format.description, detail: description)
        }
    }
    // end-listing
}
