import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import ResponseValidation

/// How a body becomes an image, given the response's MIME type. The app passes `inflatedImage`;
/// the answer tests pass one of their own, which notes where it runs and can be held back.
public typealias Decode = @Sendable (_ body: Data, _ mimeType: String?) throws(ImageError) -> Image

/// The model behind an avatar view. It is UI code, so it lives on the main actor: whatever it does
/// without an `await` happens on the main thread, between two frames of the interface.
@MainActor
public final class AvatarModel {
    /// The picture to show, or nil.
    public private(set) var image: Image?
    /// Why there is no picture, or why the picture came with an error (a 404's placeholder), or nil.
    public private(set) var error: ResponseSerializationError?
    let decode: Decode

    public init(decode: @escaping Decode = { body, mimeType throws(ImageError) in try inflatedImage(from: body, mimeType: mimeType) }) {
        self.decode = decode
    }

    /// Shows the avatar a server sent; the newest response must win, whichever decode ends first.
    public func show(_ response: URLResponse?, data: Data?) async {
        // TODO(7.5): this decodes on the main actor, where every frame the decode takes is a frame
        // the interface misses. Decode off the main actor; then make sure that a response shown
        // later is never replaced by an earlier one whose decode ends after it.
        let result = Self.serialized(response, data: data, decode: decode)
        image = result.object
        error = result.error
    }

    /// Chapter 7's image serializer with the model's own decoder: chapter 5's validation with the
    /// image content types, the decode, and chapter 7's rule that no image is empty. It runs on
    /// whatever thread calls it.
    nonisolated static func serialized(_ response: URLResponse?, data: Data?, decode: Decode) -> SerializedResponse<Image> {
        let mimeType = ContentType(of: response)?.mimeType
        var result = ImageResponseSerializer().validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            do throws(ImageError) {
                return try decode(body, mimeType)
            } catch {
                throw error.serializationReason
            }
        }
        if result.object == nil && result.error == nil {
            result.error = ResponseSerializationError(ImageError.emptyData.serializationReason, response: response, data: data)
        }
        return result
    }
}
