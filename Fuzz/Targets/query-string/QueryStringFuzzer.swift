// Chapter 2's query strings, structure-aware: the input is read as a recipe for nested parameters
// (dictionaries, arrays, sets, strings, numbers, booleans, nulls), and the property is that the
// query string decodes back to them.
//
// Decoding: split at `&`, split each pair at its first `=`, undo the percent-escapes, read the
// field's brackets as a path. Three of the format's own ambiguities are kept out of the recipes,
// because no decoder could undo them: keys holding `[` or `]`, empty nested keys (`a[]` is also an
// array), and containers inside arrays (`a[][x]=1&a[][y]=2` is one element or two). Empty
// containers vanish, as AFNetworking's do, and the model expects that.
import Foundation
import FuzzSupport
import QueryStrings

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryString(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var recipe = Recipe(input: FuzzInput(fuzzBytes(start, count)))
    let (parameters, expected) = recipe.dictionary(depth: 0)
    let pairs = queryStringPairs(from: parameters)
    let query = queryString(from: parameters)

    // The escaping: every pair comes back byte for byte, and only unreserved bytes stay unescaped.
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?%=&".utf8)
    check(query.utf8.allSatisfy(allowed.contains), "an unescaped byte in \(query)")
    let components = pairs.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
    check(components.count == pairs.count, "\(pairs.count) pairs joined into \(components.count) components")
    for (component, pair) in zip(components, pairs) {
        let halves = component.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        check(percentDecoded(halves[0]) == Array(pair.field.utf8), "the field \(pair.field.debugDescription) does not decode back")
        check(halves.count == 2 ? percentDecoded(halves[1]) == pair.value.map { Array($0.utf8) } : pair.value == nil,
              "the value of \(pair.field.debugDescription) does not decode back")
        for text in [pair.field] + (pair.value.map { [$0] } ?? []) {
            check(percentEscaped(text) == fastPercentEscaped(text), "the two escapers disagree on \(text.debugDescription)")
            checkBatches(of: text)
        }
    }

    // The structure: the pairs rebuild the parameters, keys in sorted order at every level.
    var decoded = Node.dictionary([:], lastKey: nil)
    for pair in pairs {
        decoded.insert(pair.value, at: path(of: pair.field)[...])
    }
    check(decoded == expected, "the pairs decode to \(decoded), not \(expected)")
    return 0
}

/// The batches cover the text exactly, and each but the last is at least 50 UTF-16 units long.
func checkBatches(of text: String) {
    let batches = percentEscapingBatches(of: text)
    check(batches.joined() == text, "the batches of \(text.debugDescription) do not join back")
    check(batches.dropLast().allSatisfy { $0.utf16.count >= 50 }, "a batch shorter than 50 units before the last")
}

/// `%XX` undone; nil for a `%` not followed by two hex digits (the escaper never writes one).
func percentDecoded(_ text: Substring) -> [UInt8]? {
    var bytes: [UInt8] = []
    var rest = Array(text.utf8)[...]
    while let byte = rest.popFirst() {
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            continue
        }
        guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
        bytes.append(value)
        rest = rest.dropFirst(2)
    }
    return bytes
}

/// `a[b][c][]` → `a`, `b`, `c`, `[]`. Keys hold no brackets, so the first `[` ends the name. Read
/// as bytes, not `Character`s: a key may begin with a combining mark, which joins the `[` before it
/// into one `Character`.
func path(of field: String) -> [String] {
    let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
    let bytes = Array(field.utf8)
    var rest = bytes[...]
    let name = rest.prefix { $0 != open }
    var segments = [String(decoding: name, as: UTF8.self)]
    rest = rest[name.endIndex...]
    while rest.first == open, let end = rest.firstIndex(of: close) {
        let key = rest[(rest.startIndex + 1)..<end]
        segments.append(key.isEmpty ? "[]" : String(decoding: key, as: UTF8.self))
        rest = rest[(end + 1)...]
    }
    check(rest.isEmpty, "the field \(field.debugDescription) does not read as a path")
    return segments
}
