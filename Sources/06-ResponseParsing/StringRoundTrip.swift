import Foundation

// listing: string-round-trip
/// AFNetworking 2's (and 3.0's) way to parse JSON, kept to measure against: the body becomes a
/// string in its encoding, the string becomes UTF-8 bytes again, and only then does the parser run.
///
/// The round trip was a workaround for an old `NSJSONSerialization` bug with `\u` escapes, and it
/// applied the response's charset. `NSString` holds non-ASCII text as UTF-16, so each step is a
/// transcoding of the whole body: UTF-8 to UTF-16, then back. AFNetworking 3.1 dropped it.
package func jsonObjectViaStringRoundTrip(from data: Data, encoding: String.Encoding = .utf8) throws -> Any? {
    guard let string = NSString(data: data, encoding: encoding.rawValue), string != " " else { return nil }
    guard let utf8 = string.data(using: String.Encoding.utf8.rawValue), !utf8.isEmpty else { return nil }
    return try JSONSerialization.jsonObject(with: utf8)
}
// end-listing
