import Foundation

/// `object` without the dictionary entries whose value is JSON's null (an `NSNull`), at every
/// level: inside dictionaries, inside arrays, and inside dictionaries inside arrays. A null that is
/// an element of an array stays where it is.
///
/// The recursive walk, as AFNetworking writes it. (The library's version keeps its own stack
/// instead; chapter 6 says why.) The null check asks the value's type: on Linux, `value is NSNull`
/// on a dictionary first bridges the whole dictionary to `NSDictionary`.
public func removingNulls(from object: Any) -> Any {
    switch object {
    case let dictionary as [String: Any]:
        return dictionary.filter { !(type(of: $0.value) is NSNull.Type) }.mapValues(removingNulls(from:))
    case let array as [Any]:
        return array.map(removingNulls(from:))
    default:
        return object
    }
}
