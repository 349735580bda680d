import Foundation

/// `object` without JSON's nulls (`NSNull`), at every level, as AFNetworking 4 removes them: the
/// dictionary entries whose value is null, and the null elements of arrays (the elements after one
/// move down), inside dictionaries, inside arrays, and inside dictionaries inside arrays. A lone
/// null, with nothing around it, is returned as it is.
///
/// The recursive walk, as AFNetworking writes it. (The library's version keeps its own stack
/// instead; chapter 6 says why.) The null check asks the value's type: on Linux, `value is NSNull`
/// on a dictionary first bridges the whole dictionary to `NSDictionary`.
public func removingNulls(from object: Any) -> Any {
    func isNull(_ value: Any) -> Bool { type(of: value) is NSNull.Type }
    switch object {
    case let dictionary as [String: Any]:
        return dictionary.filter { !isNull($0.value) }.mapValues(removingNulls(from:))
    case let array as [Any]:
        return array.filter { !isNull($0) }.map(removingNulls(from:))
    default:
        return object
    }
}
