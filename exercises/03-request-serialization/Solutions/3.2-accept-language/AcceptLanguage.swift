/// The `Accept-Language` header AFNetworking sends for a list of preferred languages, most
/// preferred first: each language followed by `;q=` and its quality value, joined by `, `.
///
/// The first language gets q=1, each next one 0.1 less, and the list stops after the language
/// that gets 0.5. Quality values are written the way AFNetworking's `%0.1g` writes them: `1`,
/// `0.9`, `0.8`, …
public func acceptLanguageHeader(for languages: [String]) -> String {
    // At most six languages get a quality value: 1, 0.9, 0.8, 0.7, 0.6 and 0.5.
    let weighted = languages.prefix(6).enumerated().map { index, language in
        // Tenths, counted as integers: 10 - index tenths is exact, where 1.0 - 0.1 * index in
        // floating point is not, and printing it would need the same care `%0.1g` takes.
        let tenths = 10 - index
        let q = tenths == 10 ? "1" : "0.\(tenths)"
        return "\(language);q=\(q)"
    }
    return weighted.joined(separator: ", ")
}
