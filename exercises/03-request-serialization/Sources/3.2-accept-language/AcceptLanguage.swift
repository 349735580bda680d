import Foundation

/// The language a server answers in: the one of `available` (the server's languages, its default
/// first) that the client's `Accept-Language` header prefers most, or nil when the header accepts
/// none of them. No header at all means the server's default.
///
/// The rules, from RFC 9110 §12.5.4 and RFC 4647:
///
/// - the header lists language ranges, each with an optional weight, `;q=` and a number from 0 to
///   1 with at most three decimals (1 when there is none); an entry whose weight is anything else
///   is ignored;
/// - ranges are tried from the highest weight down, and equal weights in the header's order;
/// - a range matches a language that is the same, or more specific at a hyphen, in any case (`en`
///   matches `en-GB`, not `enm`); `*` matches any; a range that matches nothing is tried again
///   without its last part (`fr-CH`, then `fr`);
/// - a weight of 0 means "never": that language is not chosen, not even by `*`.
public func negotiatedLanguage(header: String?, available: [String]) -> String? {
    // TODO(3.2): choose the language of `available` that the header prefers most, by the rules above.
    return nil
}
