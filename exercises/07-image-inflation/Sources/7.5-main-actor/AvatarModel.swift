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

    /// Shows the avatar a server sent.
    public func show(_ response: URLResponse?, data: Data?) async {
        // TODO(7.5): this decodes on the main actor, and before any validation. Validate first, as
        // chapter 5 defines, with the image serializer's content types; decode with `decode`, off the
        // main actor; then publish the object and the error, as chapter 7's serializer reports them
        // (its empty-body rule included).
        do throws(ImageError) {
            image = try decode(data ?? Data(), response?.mimeType)
        } catch {
            image = nil
        }
    }
}
