/// Checks a body's UTF-8 while it arrives, piece by piece, as a client that reads a large JSON
/// response can: the download can stop at the first bad byte instead of after the last one. A
/// character may be split between two pieces.
///
/// Well-formed UTF-8 is exactly the byte sequences of Unicode's table 3-7 (RFC 3629 §4):
///
/// | first byte | second  | third  | fourth |
/// |------------|---------|--------|--------|
/// | 00–7F      |         |        |        |
/// | C2–DF      | 80–BF   |        |        |
/// | E0         | A0–BF   | 80–BF  |        |
/// | E1–EC      | 80–BF   | 80–BF  |        |
/// | ED         | 80–9F   | 80–BF  |        |
/// | EE–EF      | 80–BF   | 80–BF  |        |
/// | F0         | 90–BF   | 80–BF  | 80–BF  |
/// | F1–F3      | 80–BF   | 80–BF  | 80–BF  |
/// | F4         | 80–8F   | 80–BF  | 80–BF  |
///
/// The offset reported is that of the first byte of the first sequence that is not in the table,
/// counted from the start of the whole body: the length of the longest prefix that is UTF-8.
public struct UTF8Check {
    public init() {}

    /// Takes the next piece of the body. Returns the offset of the first bad sequence as soon as a
    /// byte makes it certain (and again on every later call); nil while all of it so far is UTF-8
    /// or may still become UTF-8.
    ///
    /// This version looks right and checks plain text well. Run `swift run workshop check 6.2`,
    /// read which bodies it gets wrong, then fix it (`UTF8Check` may keep state between calls).
    public mutating func take(_ piece: [UInt8]) -> Int? {
        // TODO(6.2): follow the table, across pieces, and report the offset in the whole body.
        var index = 0
        while index < piece.count {
            let byte = piece[index]
            // The length of a sequence, from the high bits of its first byte: 0xxxxxxx, 110xxxxx, 1110xxxx, 11110xxx.
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= piece.count else { return index }
            // Every byte after the first must be a continuation byte, 10xxxxxx.
            if let bad = piece[(index + 1)..<(index + length)].firstIndex(where: { $0 >> 6 != 0b10 }) {
                return bad
            }
            index += length
        }
        return nil
    }

    /// The body is over. Returns the offset of the first bad sequence, a character left unfinished
    /// at the very end included; nil when the whole body was UTF-8.
    public mutating func finish() -> Int? {
        nil
    }
}
