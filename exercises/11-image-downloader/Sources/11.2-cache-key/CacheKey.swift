/// The key an image is filed under in an image cache: an image's URL (its absolute string, as
/// `URL.absoluteString` gives it), and an additional identifier for a variant of the same image
/// (a size, a filter), or nil for the image as downloaded.
///
/// This is AFNetworking's key: the identifier appended to the URL, nothing between them.
public func cacheKey(url: String, additionalIdentifier: String?) -> String {
    // TODO(11.2): make a key that two different (url, additionalIdentifier) pairs can never share.
    // An image without an additional identifier keeps AFNetworking's key: its URL alone.
    guard let additionalIdentifier else { return url }
    return url + additionalIdentifier
}

/// Two different pairs that the key above, AFNetworking's, files under the same key: both URLs
/// valid (`URL(string:)` accepts them). Find one before you fix the key.
public let collision: (first: (url: String, additionalIdentifier: String?), second: (url: String, additionalIdentifier: String?))? = nil
