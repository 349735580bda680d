import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import ResponseValidation

/// How a body becomes an image, given the response's MIME type. The app passes `inflatedImage`;
/// the answer tests pass one of their own, which notes the thread it runs on.
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

    /// Shows the avatar a server sent. Only the publishing happens on the main actor.
    public func show(_ response: URLResponse?, data: Data?) async {
        let result = await Self.serialized(response, data: data, decode: decode)
        image = result.object
        error = result.error
    }

    /// `@concurrent`: runs on the global concurrent executor whichever actor awaits it, in every
    /// language mode (without it, a `nonisolated async` function runs on its caller's actor once
    /// Swift 6.2's `NonisolatedNonsendingByDefault` is on). What it receives is `Sendable`, so
    /// nothing of the main actor's goes with it.
    @concurrent
    nonisolated static func serialized(_ response: URLResponse?, data: Data?, decode: Decode) async -> SerializedResponse<Image> {
        let mimeType = ContentType(of: response)?.mimeType
        // The image serializer's validation: its content types, 200 to 299. `serialize` calls the
        // closure only when chapter 5 says there is a body to parse, and wraps what it throws.
        var result = ImageResponseSerializer().validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            do throws(ImageError) {
                return try decode(body, mimeType)
            } catch {
                throw error.serializationReason
            }
        }
        // Chapter 7's own rule: no image is empty. Where chapter 5 has no error to give (an empty
        // 200), the answer is `emptyData`; where it has one (an empty 404), that one stands.
        if result.object == nil && result.error == nil {
            result.error = ResponseSerializationError(ImageError.emptyData.serializationReason, response: response, data: data)
        }
        return result
    }
}
