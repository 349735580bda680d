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
    // TODO(2.2): read `query` back into nested parameters, by the rules above.
    return [:]
}
