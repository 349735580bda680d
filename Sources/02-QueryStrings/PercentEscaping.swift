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
        escaped += batch.addingPercentEncoding(withAllowedCharacters: queryComponentAllowed)
            ?? fastPercentEscaped(String(batch))
    }
    return escaped
}
// end-listing

// listing: composed-batches
/// Splits `string` into consecutive batches of at least `batchSize` UTF-16 code units (the last one
/// may be shorter). A batch is cut only after a whole `Character`, so an emoji with a skin tone, a
/// flag, a ZWJ family or a letter with combining marks always stays in one batch.
///
/// This is `rangeOfComposedCharacterSequencesForRange:` in Swift's terms: AFNetworking counts the
/// batch in UTF-16 units (an `NSRange`) and then widens it to the end of the composed sequence that
/// holds the last unit. Walking whole `Character`s and cutting as soon as the count reaches
/// `batchSize` ends every batch at exactly the same place.
public func percentEscapingBatches(of string: String, batchSize: Int = 50) -> [Substring] {
    precondition(batchSize > 0, "a batch must hold at least one UTF-16 code unit")
    var batches: [Substring] = []
    var batchStart = string.startIndex
    var unitsInBatch = 0
    var index = string.startIndex
    while index < string.endIndex {
        let next = string.index(after: index)  // one whole Character further
        unitsInBatch += string.utf16.distance(from: index, to: next)
        index = next
        if unitsInBatch >= batchSize {
            batches.append(string[batchStart..<index])
            batchStart = index
            unitsInBatch = 0
        }
    }
    if batchStart < string.endIndex {
        batches.append(string[batchStart...])
    }
    return batches
}
// end-listing
