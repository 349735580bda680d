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
    /// Bytes taken so far, over all pieces.
    private var offset = 0
    /// Where the sequence being read began, and what it still needs.
    private var sequenceStart = 0
    private var continuationsNeeded = 0
    /// What the next continuation byte may be: narrower than 80–BF right after E0, ED, F0 and F4.
    private var allowed: ClosedRange<UInt8> = 0x80...0xBF
    private var failure: Int?

    public init() {}

    /// Takes the next piece of the body. Returns the offset of the first bad sequence as soon as a
    /// byte makes it certain (and again on every later call); nil while all of it so far is UTF-8
    /// or may still become UTF-8.
    public mutating func take(_ piece: [UInt8]) -> Int? {
        guard failure == nil else { return failure }
        for byte in piece {
            if continuationsNeeded > 0 {
                // The narrow ranges are what shuts out overlong forms (E0 80…), UTF-16 surrogates
                // (ED A0…) and everything above U+10FFFF (F4 90…).
                guard allowed.contains(byte) else {
                    failure = sequenceStart
                    return failure
                }
                continuationsNeeded -= 1
                allowed = 0x80...0xBF
            } else {
                sequenceStart = offset
                switch byte {
                case 0x00...0x7F: break
                case 0xC2...0xDF: continuationsNeeded = 1
                case 0xE0: (continuationsNeeded, allowed) = (2, 0xA0...0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: continuationsNeeded = 2
                case 0xED: (continuationsNeeded, allowed) = (2, 0x80...0x9F)
                case 0xF0: (continuationsNeeded, allowed) = (3, 0x90...0xBF)
                case 0xF1...0xF3: continuationsNeeded = 3
                case 0xF4: (continuationsNeeded, allowed) = (3, 0x80...0x8F)
                default:
                    // 80–BF continue a sequence and C0, C1, F5–FF never appear at all.
                    failure = offset
                    return failure
                }
            }
            offset += 1
        }
        return nil
    }

    /// The body is over. Returns the offset of the first bad sequence, a character left unfinished
    /// at the very end included; nil when the whole body was UTF-8.
    public mutating func finish() -> Int? {
        if failure == nil && continuationsNeeded > 0 {
            failure = sequenceStart
        }
        return failure
    }
}
