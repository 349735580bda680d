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
    guard let header, !header.allSatisfy(\.isWhitespace) else { return available.first }
    let ranges = weightedRanges(in: header)
    let refused = Set(ranges.filter { $0.weight == 0 }.map { $0.range.lowercased() })
    let candidates = available.filter { !refused.contains($0.lowercased()) }
    // Highest weight first; for equal weights the position in the header decides, so the answer
    // does not depend on whether the sort is stable.
    let preferred = ranges.enumerated().filter { $0.element.weight > 0 }
        .sorted { ($0.element.weight, $1.offset) > ($1.element.weight, $0.offset) }
    for (_, entry) in preferred {
        if entry.range == "*" {
            if let first = candidates.first { return first }
            continue
        }
        var subtags = entry.range.lowercased().split(separator: "-")
        while !subtags.isEmpty {
            let range = subtags.joined(separator: "-")
            if let match = candidates.first(where: { $0.lowercased() == range || $0.lowercased().hasPrefix(range + "-") }) {
                return match
            }
            subtags.removeLast()
        }
    }
    return nil
}

/// One entry of the header: a language range and its weight, in thousandths (0 to 1000).
struct WeightedRange {
    var range: String
    var weight: Int
}

/// The header's entries, in order, without those whose weight is not a valid one.
func weightedRanges(in header: String) -> [WeightedRange] {
    header.split(separator: ",").compactMap { entry in
        let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let range = parts.first, !range.isEmpty else { return nil }
        var weight = 1000
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
            guard let thousandths = thousandths(pair[1]) else { return nil }
            weight = thousandths
        }
        return WeightedRange(range: range, weight: weight)
    }
}

/// `0.8` → 800, `1` → 1000: a weight read exactly, in whole thousandths, so that no floating-point
/// rounding can make two equal weights differ. Nil for anything RFC 9110's `qvalue` does not allow.
func thousandths(_ text: String) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts[0] == "0" || parts[0] == "1" else { return nil }
    let decimals = parts.count == 2 ? parts[1] : ""
    guard decimals.count <= 3, decimals.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let value = (parts[0] == "1" ? 1000 : 0) + (Int(decimals.padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0)
    return value <= 1000 ? value : nil
}
