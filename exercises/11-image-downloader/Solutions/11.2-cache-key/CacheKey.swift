/// One image as an image cache files it: the image's URL (its absolute string, as
/// `URL.absoluteString` gives it), and up to two variants chosen by the app, the `size` it was
/// scaled to and the `filter` it was drawn with. A variant is any string at all, or nil.
public struct Variant: Sendable, Equatable {
    public var url: String
    public var size: String?
    public var filter: String?

    public init(url: String, size: String? = nil, filter: String? = nil) {
        self.url = url
        self.size = size
        self.filter = filter
    }
}

/// The key an image is filed under: the URL alone for an image with no variant; otherwise the
/// URL, a NUL, then each variant in a form that says where it ends.
///
/// A URL's string never holds a NUL, so the first NUL ends the URL. The variants can hold
/// anything, a NUL included, so no separator can end them: each is written as its length in
/// UTF-8 bytes, a colon, then its bytes (nil as a lone `-`, which no length begins with). Read
/// from the left, a key then splits back into exactly one variant, so two different variants
/// cannot share it.
public func cacheKey(_ variant: Variant) -> String {
    guard variant.size != nil || variant.filter != nil else { return variant.url }
    return variant.url + "\u{0}" + field(variant.size) + field(variant.filter)
}

private func field(_ text: String?) -> String {
    guard let text else { return "-" }
    return "\(text.utf8.count):" + text
}

/// A thumbnail filed under the size "64", and the same image with the filter "64": the key above,
/// as it was given, writes "the URL, a NUL, 64" for both, and cannot say which variant it was.
public let collision: (first: Variant, second: Variant)? = (
    first: Variant(url: "https://example.com/avatar.png", size: "64"),
    second: Variant(url: "https://example.com/avatar.png", filter: "64")
)
