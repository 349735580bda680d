import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation

// listing: image-cache-protocols
/// A memory cache of images by identifier, safe to call from any thread and answering at once
/// (AFNetworking's `AFImageCache` protocol).
public protocol ImageCache: Sendable {
    func add(_ image: Image, withIdentifier identifier: String)
    /// Whether there was an image to remove.
    @discardableResult func removeImage(withIdentifier identifier: String) -> Bool
    /// Whether there was any image to remove.
    @discardableResult func removeAllImages() -> Bool
    func image(withIdentifier identifier: String) -> Image?
}

/// An image cache that also files images by request: the request's URL, plus an additional
/// identifier for a variant of the same image (a size, a filter), or nil for the image as
/// downloaded (AFNetworking's `AFImageRequestCache`). The downloader asks `shouldCache` before
/// it adds a downloaded image.
public protocol ImageRequestCache: ImageCache {
    func shouldCache(_ image: Image, for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Bool
    func add(_ image: Image, for request: URLRequest, withAdditionalIdentifier identifier: String?)
    @discardableResult func removeImage(for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Bool
    func image(for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Image?
}
// end-listing

// listing: image-cache-key
/// The identifier an image is filed under for `request` and `additionalIdentifier`: the URL's
/// absolute string, then, when there is an additional identifier, a NUL and that identifier.
/// Nil when the request has no URL.
///
/// AFNetworking appends the additional identifier to the URL with nothing between them, so two
/// different images can share a key: `…/avatar.png` with the identifier `?size=64`, and the URL
/// `…/avatar.png?size=64` with none. A URL's string never contains a NUL (it would be written
/// `%00`), so here everything before the first NUL is the URL and everything after it is the
/// identifier: two different pairs can never make the same key.
package func imageCacheKey(for request: URLRequest, additionalIdentifier: String?) -> String? {
    guard let url = request.url?.absoluteString else { return nil }
    guard let additionalIdentifier else { return url }
    return url + "\u{0}" + additionalIdentifier
}
// end-listing
