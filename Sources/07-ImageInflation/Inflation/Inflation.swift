import Foundation

// listing: inflated-image
/// AFInflatedImageFromResponseWithDataAtScale: sniff, refuse bombs, apply AFNetworking's skip
/// rules, and decode only what passes, all before the caller sees the image.
///
/// Unlike the original, the decoder is chosen by the bytes, never by `mimeType` alone: a JPEG sent
/// as `image/png` still decodes (the original fell back to UIImage, which sniffs too). Formats
/// other than PNG and JPEG throw `.unrecognizedFormat`; the original handed them to UIImage.
/// Safe to call from any thread; it runs on the caller's.
public func inflatedImage(
    from data: Data, mimeType: String?, scale: Double = 1, options: DecodingOptions = .default
) throws(ImageError) -> Image {
    let header = try checkedHeader(of: data, options: options)
    if let reason = InflationRules.skipReason(for: header, mimeType: mimeType) {
        return Image(header: header, representation: .compressed(data, skipped: reason), scale: scale)
    }
    let bitmap = try decodeBitmap(from: data, header: header, options: options)
    return Image(header: header, representation: .inflated(bitmap), scale: scale)
}
// end-listing

/// The same work, off the caller's thread: AFNetworking inflated on the session's background
/// queue so the main thread never paid for decompression. `@concurrent` runs the body on the
/// global concurrent executor whatever actor the caller is on (the main actor included).
@concurrent
public func inflateImage(
    from data: Data, mimeType: String?, scale: Double = 1, options: DecodingOptions = .default
) async throws(ImageError) -> Image {
    try inflatedImage(from: data, mimeType: mimeType, scale: scale, options: options)
}

/// AFImageWithDataAtScale: the image left compressed, for a caller that turned inflation off. The
/// header is read and the size checked all the same, so that bad data fails here, where the
/// response is handled, and not later, when the pixels are asked for.
public func compressedImage(
    from data: Data, scale: Double = 1, options: DecodingOptions = .default
) throws(ImageError) -> Image {
    let header = try checkedHeader(of: data, options: options)
    return Image(header: header, representation: .compressed(data, skipped: .inflationTurnedOff), scale: scale)
}

/// The header, once the bomb guard has passed it. Before any rule: a bomb handed back
/// "un-inflated" would explode in the caller's hands.
private func checkedHeader(of data: Data, options: DecodingOptions) throws(ImageError) -> ImageHeader {
    let header = try ImageHeader(sniffing: data)
    try options.checkSize(of: header)
    return header
}
