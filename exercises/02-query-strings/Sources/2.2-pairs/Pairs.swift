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
    // TODO(2.2): walk `parameters` depth first and return one QueryStringPair per leaf value.
    return []
}
