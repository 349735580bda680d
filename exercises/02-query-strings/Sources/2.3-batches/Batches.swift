/// Splits `string` into batches for escaping, as AFNetworking does: each batch holds at least
/// `batchSize` UTF-16 code units (only the last may hold fewer), and no batch ends inside a
/// composed character (an emoji with a skin tone, a flag, a letter with combining accents).
///
/// This version has a bug. Run `swift run workshop check 2.3`, read which tests fail and why, then
/// fix it.
public func batches(of string: String, batchSize: Int = 50) -> [String] {
    let units = Array(string.utf16)
    var result: [String] = []
    var start = 0
    while start < units.count {
        let end = min(start + batchSize, units.count)
        // TODO(2.3): `end` can fall inside a character. Make every batch end on a character boundary.
        result.append(String(decoding: units[start..<end], as: UTF16.self))
        start = end
    }
    return result
}
