import Foundation

/// The query string for `parameters`: every pair, escaped, joined with `&`
/// (AFNetworking's `AFQueryStringFromParameters`).
///
///     queryString(from: ["user": ["name": "Zoë", "tags": ["a", "b"]]])
///     // user%5Bname%5D=Zo%C3%AB&user%5Btags%5D%5B%5D=a&user%5Btags%5D%5B%5D=b
public func queryString(from parameters: [String: Any]) -> String {
    queryStringPairs(from: parameters).map(\.urlEncodedStringValue).joined(separator: "&")
}

// listing: depth-first-pairs
/// Flattens nested parameters into pairs, depth first, in the order of AFNetworking's
/// `AFQueryStringPairsFromKeyAndValue`: keys sorted by their string form, `parent[child]`,
/// `parent[]`. An empty dictionary, array or set contributes nothing. An explicit stack replaces
/// the original's recursion, so that deep nesting costs heap rather than call stack.
public func queryStringPairs(from parameters: [String: Any]) -> [QueryStringPair] {
    var pairs: [QueryStringPair] = []
    // Work still to do, the next item on top. Children go in reversed, so they come out in order.
    var pending: [(field: String?, value: Any)] = [(nil, parameters)]
    while let (field, value) = pending.popLast() {
        switch QueryValue(value) {
        case .dictionary(let dictionary):
            let keyed = dictionary.map { (key: queryDescription(of: $0.key.base), value: $0.value) }
            for (key, nested) in keyed.sorted(by: { $0.key < $1.key }).reversed() {
                pending.append((field.map { "\($0)[\(key)]" } ?? key, nested))
            }
        case .array(let array):
            let elementField = "\(field ?? "")[]"
            for element in array.reversed() { pending.append((elementField, element)) }
        case .set(let set):
            let sorted = set.map { (queryDescription(of: $0.base), $0.base) }.sorted { $0.0 < $1.0 }
            for (_, element) in sorted.reversed() {
                pending.append((field, element))
            }
        case .leaf(let string):
            pairs.append(QueryStringPair(field: field ?? "", value: string))
        }
    }
    return pairs
}
// end-listing

/// What the walk sees in a parameter value. Swift's `Any` can hold optionals, `NSNull`, Foundation
/// collections and Swift collections alike; this sorts them into the four cases AFNetworking knows.
enum QueryValue {
    case dictionary([AnyHashable: Any])
    case array([Any])
    case set(Set<AnyHashable>)
    /// A leaf value in its string form; nil for `NSNull` and nil optionals.
    case leaf(String?)

    init(_ value: Any) {
        guard let value = unwrapped(value) else {
            self = .leaf(nil)
            return
        }
        if let dictionary = value as? [AnyHashable: Any] {
            self = .dictionary(dictionary)
        } else if let array = value as? [Any] {
            self = .array(array)
        } else if let set = value as? Set<AnyHashable> {
            self = .set(set)
        } else if value is NSNull {
            self = .leaf(nil)
        } else {
            self = .leaf(queryDescription(of: value))
        }
    }
}

// listing: string-form
/// The string a value stands for in a query, AFNetworking's `[value description]` for the values
/// that travel in parameters.
///
/// In Objective-C a `BOOL` in a dictionary is an `NSNumber`, whose description is `1` or `0`; Swift's
/// `true` describes itself as `true`, so it is mapped explicitly. A whole `Double` prints without a
/// trailing `.0`, as `NSNumber` prints `@(2.0)`.
func queryDescription(of value: Any) -> String {
    switch value {
    case let string as String:
        return string
    case let bool as Bool:
        return bool ? "1" : "0"
    case let double as Double where double == double.rounded() && abs(double) < 0x1p53:
        return String(Int64(double))
    default:
        return String(describing: value)
    }
}
// end-listing

/// The value inside any number of optional layers, or nil when one of them is empty.
/// (`Any` can hold an `Optional<Any>` whose wrapped value is itself optional.)
private func unwrapped(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalValue else { return value }
    return optional.wrappedValue.flatMap(unwrapped)
}

private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}
