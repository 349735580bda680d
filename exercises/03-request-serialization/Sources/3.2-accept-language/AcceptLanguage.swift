/// The `Accept-Language` header AFNetworking sends for a list of preferred languages, most
/// preferred first: each language followed by `;q=` and its quality value, joined by `, `.
///
/// The first language gets q=1, each next one 0.1 less, and the list stops after the language
/// that gets 0.5. Quality values are written the way AFNetworking's `%0.1g` writes them: `1`,
/// `0.9`, `0.8`, …
public func acceptLanguageHeader(for languages: [String]) -> String {
    // TODO(3.2): build the header from `languages`.
    return ""
}
