import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

// listing: image-serializer-settings
/// Validates, then turns a PNG or JPEG body into an `Image`, AFNetworking's
/// `AFImageResponseSerializer`: inflated unless told otherwise, at `imageScale`, with the
/// orientation its EXIF tag gives.
public struct ImageResponseSerializer: ValidatingResponseSerializer {
    /// AFNetworking's list, formats that UIImage could read. Only PNG and JPEG decode here, so a
    /// GIF passes validation and then fails to decode, with a typed error that says so.
    public static let imageContentTypes: Set<String> = [
        "image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon",
        "image/bmp", "image/x-bmp", "image/x-xbitmap", "image/x-win-bitmap",
    ]

    public var validation = HTTPResponseSerializer(acceptableContentTypes: imageContentTypes)
    /// Pixels per point, given to every image. AFNetworking took the main screen's scale; a server
    /// or a command-line tool has no screen, so the default is 1.
    public var imageScale: Double = 1
    /// Whether the body becomes a bitmap now (AFNetworking's default), or stays compressed, its
    /// header read and its size checked, until `decodedBitmap()` asks for the pixels.
    public var automaticallyInflatesResponseImage = true
    /// The decompression-bomb limit, and strict or lenient decoding of damaged data.
    public var decodingOptions = DecodingOptions.default

    public init() {}
    // end-listing

    // listing: image-serializer-empty-body
    /// Decodes on the caller's thread; `responseImage(for:data:)` decodes off it.
    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Image> {
        let mimeType = ContentType(of: response)?.mimeType
        return serialized(response, data: data) { body in
            Result { () throws(ImageError) in try image(from: body, mimeType: mimeType) }
        }
    }

    /// Chapter 5's `serialize`, given the decoding's outcome, plus one rule of this serializer's
    /// own. Chapter 5 gives an empty body no object and no error, which suits JSON (a `DELETE` may
    /// answer with nothing); no image is empty, so where chapter 5 gives no error, this one does.
    func serialized(
        _ response: URLResponse?, data: Data?, decoded: (Data) -> Result<Image, ImageError>
    ) -> SerializedResponse<Image> {
        var result = validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            try decoded(body).mapError(\.serializationReason).get()
        }
        if result.object == nil && result.error == nil {
            result.error = ResponseSerializationError(
                ImageError.emptyData.serializationReason, response: response, data: data)
        }
        return result
    }
    // end-listing

    /// The decoding step: AFNetworking's `AFInflatedImageFromResponseWithDataAtScale`, or its
    /// `AFImageWithDataAtScale` when inflation is turned off.
    func image(from body: Data, mimeType: String?) throws(ImageError) -> Image {
        if automaticallyInflatesResponseImage {
            try inflatedImage(from: body, mimeType: mimeType, scale: imageScale, options: decodingOptions)
        } else {
            try compressedImage(from: body, scale: imageScale, options: decodingOptions)
        }
    }
}
