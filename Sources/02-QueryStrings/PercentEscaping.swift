import Foundation

// listing: percent-escaping
/// Percent-escapes a query-string key or value the way AFNetworking's
/// `AFPercentEscapedStringFromString` does: in batches of about 50 UTF-16 code units, each batch
/// widened so that it never ends inside a composed character.
///
/// The batches work around an old platform bug: on iOS 7 and 8, one call to
/// `stringByAddingPercentEncodingWithAllowedCharacters:` on a few hundred Chinese characters could
/// crash the app, so AFNetworking escapes long strings piece by piece.
public func percentEscaped(_ string: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(string.utf8.count)
    for batch in percentEscapingBatches(of: string) {
        // `addingPercentEncoding` returns nil only for text that has no UTF-8 form: an unpaired
        // surrogate, which a Swift `String` cannot hold. The fallback is the byte-identical escaper,
        // so even that impossible case loses nothing.
        escaped +=
            batch.addingPercentEncoding(withAllowedCharacters: queryComponentAllowed)
            ?? fastPercentEscaped(String(batch))
    }
    return escaped
}
// end-listing

// listing: composed-batches
/// Splits `string` into consecutive batches of at least `batchSize` UTF-16 code units (the last one
/// may be shorter). A batch is cut only between two whole `Character`s, so an emoji with a skin
/// tone, a flag, a ZWJ family or a letter with combining marks always stays in one batch.
///
/// This is AFNetworking's `NSRange` arithmetic in Swift's terms: count `batchSize` UTF-16 units
/// ahead, and if that lands inside a composed character, widen the batch to the character's end
/// (`rangeOfComposedCharacterSequencesForRange:`). Only the character at the cut is examined, so the
/// cost does not grow with the number of characters in the batch.
public func percentEscapingBatches(of string: String, batchSize: Int = 50) -> [Substring] {
    precondition(batchSize > 0, "a batch must hold at least one UTF-16 code unit")
    var batches: [Substring] = []
    var batchStart = string.startIndex
    while batchStart < string.endIndex {
        guard let cut = string.utf16.index(batchStart, offsetBy: batchSize, limitedBy: string.endIndex) else {
            batches.append(string[batchStart...])
            break
        }
        // `samePosition(in:)` is nil when the cut falls inside a Character; `index(after:)` then
        // rounds the cut down to that Character's start and steps over the whole of it.
        let batchEnd = cut.samePosition(in: string) ?? string.index(after: cut)
        batches.append(string[batchStart..<batchEnd])
        batchStart = batchEnd
    }
    return batches
}
// end-listing
