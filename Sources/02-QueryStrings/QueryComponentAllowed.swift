import Foundation

/// The characters that may stand unescaped in a query-string key or value.
///
/// AFNetworking starts from `URLQueryAllowedCharacterSet` and removes RFC 3986's general delimiters
/// `:#[]@` and sub-delimiters `!$&'()*+,;=`. It keeps `?` and `/`: RFC 3986 §3.4 allows both inside
/// a query, so a URL passed as a value (`next=/inbox?page=2`) stays readable.
///
/// What is left is ASCII only: letters, digits, `-._~` and `/?`. Everything else, every byte of every
/// non-ASCII character included, is percent-escaped.
public let queryComponentAllowed: CharacterSet = {
    let generalDelimiters = ":#[]@"
    let subDelimiters = "!$&'()*+,;="
    return CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: generalDelimiters + subDelimiters))
}()
