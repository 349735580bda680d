/// Splits `string` into batches for escaping, as AFNetworking does: each batch holds at least
/// `batchSize` UTF-16 code units (only the last may hold fewer), and no batch ends inside a
/// composed character (an emoji with a skin tone, a flag, a letter with combining accents).
///
/// The fix: keep counting in UTF-16 units, as AFNetworking's `NSRange` does, but step through the
/// string one whole `Character` at a time. A batch can then only ever end between two characters.
public func batches(of string: String, batchSize: Int = 50) -> [String] {
    var result: [String] = []
    var batch = ""
    var unitsInBatch = 0
    for character in string {
        batch.append(character)
        unitsInBatch += character.utf16.count
        if unitsInBatch >= batchSize {
            result.append(batch)
            batch = ""
            unitsInBatch = 0
        }
    }
    if !batch.isEmpty {
        result.append(batch)
    }
    return result
}
