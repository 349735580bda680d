import Foundation
import QueryStrings

/// How the elements of an array are named.
public enum ArrayStyle: Sendable {
    /// AFNetworking's style: every element of `tags` is named `tags[]`.
    case brackets
    /// Every element carries its position: `tags[0]`, `tags[1]`, …
    case indexed
}

/// Flattens `parameters` into pairs (the course library's `QueryStringPair`), depth first:
///
/// - a dictionary's keys are visited in sorted order, at every level, and a nested key is named
///   `parent[child]`;
/// - an array keeps its order, and its elements are named as `arrayStyle` says;
/// - an empty dictionary or array gives no pairs;
/// - an `NSNull` gives a pair with no value;
/// - anything else gives one pair whose value is `String(describing:)` of it.
public func pairs(from parameters: [String: Any], arrayStyle: ArrayStyle = .brackets) -> [QueryStringPair] {
    var result: [QueryStringPair] = []

    // Recursion reads most like the rules above. (The course library walks with its own stack
    // instead, so that absurdly deep parameters cannot overflow the thread's stack.)
    func visit(_ field: String, _ value: Any) {
        switch value {
        case let dictionary as [String: Any]:
            for (key, nested) in dictionary.sorted(by: { $0.key < $1.key }) {
                visit("\(field)[\(key)]", nested)
            }
        case let array as [Any]:
            for (position, element) in array.enumerated() {
                visit(arrayStyle == .indexed ? "\(field)[\(position)]" : "\(field)[]", element)
            }
        case is NSNull:
            result.append(QueryStringPair(field: field, value: nil))
        default:
            result.append(QueryStringPair(field: field, value: String(describing: value)))
        }
    }

    // The top level has no parent: its keys are fields as they are, not `[key]`.
    for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
        visit(key, value)
    }
    return result
}
