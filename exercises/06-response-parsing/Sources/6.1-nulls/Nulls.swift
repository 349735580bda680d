import Foundation

/// `object` without the dictionary entries whose value is JSON's null (an `NSNull`), at every
/// level: inside dictionaries, inside arrays, and inside dictionaries inside arrays. A null that is
/// an element of an array stays where it is.
///
/// `object` is what `JSONSerialization` returns: `[String: Any]`, `[Any]`, `String`, `NSNumber`
/// or `NSNull`, nested.
public func removingNulls(from object: Any) -> Any {
    // TODO(6.1): rebuild every dictionary without its null entries, walking into dictionaries and arrays.
    return object
}
