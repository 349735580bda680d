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

/// The key an image is filed under.
///
/// This is chapter 11's key (a NUL between the URL and what follows, since a URL's string never
/// holds one), stretched to two variants the obvious way.
public func cacheKey(_ variant: Variant) -> String {
    // TODO(11.2): two different variants must never share a key, whatever their strings hold;
    // an image with neither a size nor a filter keeps its URL alone as its key.
    var key = variant.url
    if let size = variant.size { key += "\u{0}" + size }
    if let filter = variant.filter { key += "\u{0}" + filter }
    return key
}

/// Two different variants that the key above, as it is given, files under the same key (both
/// URLs valid: `URL(string:)` accepts them). Find one before you change the key.
public let collision: (first: Variant, second: Variant)? = nil
