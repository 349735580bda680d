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
    /// How many responses `show` has been given: each call knows its own number, and only the
    /// newest may publish.
    private var shown = 0

    public init(decode: @escaping Decode = { body, mimeType throws(ImageError) in try inflatedImage(from: body, mimeType: mimeType) }) {
        self.decode = decode
    }

    /// Shows the avatar a server sent; the newest response wins, whichever decode ends first.
    public func show(_ response: URLResponse?, data: Data?) async {
        shown += 1
        let mine = shown
        let result = await Self.serializedOffTheMainActor(response, data: data, decode: decode)
        // While this decode ran, the main actor was free, and `show` may have been called again:
        // publishing now would put an older avatar over a newer one.
        guard mine == shown else { return }
        image = result.object
        error = result.error
    }

    /// `@concurrent`: runs on the global concurrent executor whichever actor awaits it, in every
    /// language mode. What it receives is `Sendable`, so nothing of the main actor's goes with it.
    @concurrent
    nonisolated static func serializedOffTheMainActor(_ response: URLResponse?, data: Data?, decode: Decode) async -> SerializedResponse<Image> {
        serialized(response, data: data, decode: decode)
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
