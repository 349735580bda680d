/// The key an image is filed under in an image cache: an image's URL (its absolute string, as
/// `URL.absoluteString` gives it), and an additional identifier for a variant of the same image
/// (a size, a filter), or nil for the image as downloaded.
///
/// A URL's string never contains a NUL (it would be written `%00`), so everything before the
/// first NUL is the URL and everything after it the identifier: two different pairs cannot make
/// the same key. Nil and "" differ too: the one has no NUL, the other ends with one.
public func cacheKey(url: String, additionalIdentifier: String?) -> String {
    guard let additionalIdentifier else { return url }
    return url + "\u{0}" + additionalIdentifier
}

/// A thumbnail of `avatar.png` filed under the identifier `?size=64`, and the image whose URL
/// asks the server for that size: AFNetworking's key is the same string for both.
public let collision: (first: (url: String, additionalIdentifier: String?), second: (url: String, additionalIdentifier: String?))? = (
    first: (url: "https://example.com/avatar.png", additionalIdentifier: "?size=64"),
    second: (url: "https://example.com/avatar.png?size=64", additionalIdentifier: nil)
)
