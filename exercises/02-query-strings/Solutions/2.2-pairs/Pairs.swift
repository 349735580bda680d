import Foundation

/// A value as a server reads it back from a query string.
public indirect enum Parameter: Equatable, Sendable {
    /// `name=value`: the value, percent-decoded.
    case text(String)
    /// A bare `name`, with no `=`: how AFNetworking writes `NSNull`.
    case null
    /// The values of `name[]=…`, in order.
    case list([Parameter])
    /// The values of `name[key]=…`, by key.
    case object([String: Parameter])
}

/// What a query can hold that no parameters can mean.
public enum QueryParseError: Error, Equatable {
    /// A `%` that is not followed by two hex digits, or escapes that are not UTF-8 (`%C3%28`).
    case badEscape(String)
    /// A name that gives a place a second shape: `a=1&a[b]=2` makes `a` text, then an object.
    case conflictingShapes(name: String)
}

/// Reads a query string back into nested parameters, the way a server reads what AFNetworking's
/// `queryString(from:)` wrote (Rack's rules, which Rails and Sinatra use, a little simplified):
///
/// - pairs are separated by `&`; a pair without `=` is a field with no value (`.null`);
/// - a name and a value are split apart first and percent-decoded afterwards; a `+` is a space;
/// - `user[name]` is the key `name` of the object `user`; `tags[]` appends to the list `tags`;
/// - `items[][id]` adds to the *last* element of the list `items`, unless that element has no
///   room for it (a value already sits at `[id]`; for `items[][at][y]`, at `[at][y]`): then a new
///   element starts; a list inside the element always has room;
/// - a plain name given twice keeps its last value; a name that gives a place a second shape, or
///   a bad escape, throws.
public func parameters(fromQuery query: String) throws(QueryParseError) -> [String: Parameter] {
    var root = Parameter.object([:])
    for pair in query.split(separator: "&") {
        // Split first, decode after: AFNetworking escaped every `&` and `=` inside a name or a
        // value, and decoding the whole query first would bring them back as separators.
        let equals = pair.firstIndex(of: "=")
        let name = try decoded(pair[..<(equals ?? pair.endIndex)])
        var value = Parameter.null
        if let equals { value = .text(try decoded(pair[pair.index(after: equals)...])) }
        root = try insert(value, at: segments(of: name)[...], into: root, name: name)
    }
    guard case .object(let parameters) = root else { return [:] }
    return parameters
}

/// One step of a name's path: `[key]`, or `[]`.
enum Segment: Equatable {
    case key(String)
    case append
}

/// `items[][id]` → `items`, append, `id`. A name whose brackets are not well formed is a plain key.
func segments(of name: String) -> [Segment] {
    guard let open = name.firstIndex(of: "["), open != name.startIndex else { return [.key(name)] }
    var segments: [Segment] = [.key(String(name[..<open]))]
    var rest = name[open...]
    while rest.first == "[", let close = rest.firstIndex(of: "]") {
        let inside = rest[rest.index(after: rest.startIndex)..<close]
        segments.append(inside.isEmpty ? .append : .key(String(inside)))
        rest = rest[rest.index(after: close)...]
    }
    return rest.isEmpty ? segments : [.key(name)]
}

/// `+` is a space, as HTML forms write it; it is replaced before the escapes are decoded, so that
/// an escaped plus (`%2B`) stays a plus.
func decoded(_ text: Substring) throws(QueryParseError) -> String {
    guard let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
        throw .badEscape(String(text))
    }
    return decoded
}

/// `container` with `value` put at `path`, creating the objects and lists on the way.
func insert(_ value: Parameter, at path: ArraySlice<Segment>, into container: Parameter?, name: String) throws(QueryParseError) -> Parameter {
    guard let segment = path.first else {
        switch container {
        case nil, .text?, .null?: return value  // a plain name given twice: the last value wins
        default: throw .conflictingShapes(name: name)
        }
    }
    let rest = path.dropFirst()
    switch (segment, container) {
    case (.key(let key), nil), (.key(let key), .object?):
        var object: [String: Parameter] = [:]
        if case .object(let existing)? = container { object = existing }
        object[key] = try insert(value, at: rest, into: object[key], name: name)
        return .object(object)
    case (.append, nil), (.append, .list?):
        var list: [Parameter] = []
        if case .list(let existing)? = container { list = existing }
        if let last = list.last, !rest.isEmpty, hasRoom(for: rest, in: last) {
            list[list.count - 1] = try insert(value, at: rest, into: last, name: name)
        } else {
            list.append(try insert(value, at: rest, into: nil, name: name))
        }
        return .list(list)
    default:
        throw .conflictingShapes(name: name)
    }
}

/// Whether `element` can take a value at `path` without losing one: nothing sits there yet, or a
/// list does, which takes any number. This is how a server tells `items[][id]=1&items[][name]=x`
/// (one item) from `items[][id]=1&items[][id]=2` (two).
func hasRoom(for path: ArraySlice<Segment>, in element: Parameter) -> Bool {
    var current: Parameter? = element
    for segment in path {
        guard let existing = current else { return true }
        switch (segment, existing) {
        case (.append, .list):
            return true
        case (.key(let key), .object(let object)):
            current = object[key]
        default:
            return false  // a value of another shape is in the way
        }
    }
    return current == nil
}
