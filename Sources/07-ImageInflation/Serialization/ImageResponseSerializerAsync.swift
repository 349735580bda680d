import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

extension ImageResponseSerializer {
    // listing: image-serializer-off-thread
    /// The same answer as `responseObject(for:data:)`, with the decoding off the caller's thread:
    /// AFNetworking ran its serializers on a background queue so that the main thread never paid
    /// for a decode. `inflateImage` is `@concurrent`, so it leaves even the main actor.
    public func responseImage(for response: URLResponse?, data: Data?) async -> SerializedResponse<Image> {
        // Validation first, as chapter 5 defines it: a refused content type, an empty body or one
        // over the size limit never reaches a decoder, and nothing needs to leave this thread.
        let accepted = validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            body
        }
        guard let body = accepted.object else { return responseObject(for: response, data: data) }
        let decoded = await imageOffCallerThread(from: body, mimeType: ContentType(of: response)?.mimeType)
        // Chapter 5's decisions once more, with the image already made. Validating is a few
        // comparisons; in exchange, which error wraps which is decided in one place only.
        return serialized(response, data: data) { _ in decoded }
    }

    /// Only the body, the MIME type and the settings cross to the concurrent executor: all
    /// `Sendable`, so the compiler can prove the hop safe.
    func imageOffCallerThread(from body: Data, mimeType: String?) async -> Result<Image, ImageError> {
        do throws(ImageError) {
            // Reading a header takes under a microsecond: only inflating is worth the hop.
            guard automaticallyInflatesResponseImage else { return .success(try image(from: body, mimeType: mimeType)) }
            return .success(
                try await inflateImage(from: body, mimeType: mimeType, scale: imageScale, options: decodingOptions))
        } catch {
            return .failure(error)
        }
    }
    // end-listing
}
