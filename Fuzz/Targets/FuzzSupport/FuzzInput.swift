import Foundation

/// The fuzzer's bytes, consumed from the front as a target builds its input: a flag here, a length
/// there, a string. When the bytes run out every read returns zero or empty, so that any input,
/// the empty one included, builds something and no read can fail.
///
/// Structure-aware targets read their choices from the front; what a choice selects is small
/// (`below:`), so that one mutated byte changes one decision and libFuzzer's mutations stay local.
public struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = Array(bytes)[...]
    }

    public mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    public mutating func bool() -> Bool {
        byte() & 1 == 1
    }

    /// A number in `0..<count`, from one byte (two when `count` is over 256).
    public mutating func int(below count: Int) -> Int {
        precondition(count > 0)
        let raw = count > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return raw % count
    }

    /// One of `choices`.
    public mutating func pick<Choice>(_ choices: [Choice]) -> Choice {
        choices[int(below: choices.count)]
    }

    /// A length byte (at most `maxCount`), then that many bytes.
    public mutating func bytes(upTo maxCount: Int) -> [UInt8] {
        let count = min(int(below: maxCount + 1), bytes.count)
        defer { bytes = bytes.dropFirst(count) }
        return Array(bytes.prefix(count))
    }

    /// Like `bytes(upTo:)`, read as UTF-8 (invalid sequences become U+FFFD, as a server's text would
    /// when decoded by a lenient client).
    public mutating func string(upTo maxCount: Int) -> String {
        String(decoding: bytes(upTo: maxCount), as: UTF8.self)
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { bytes = bytes[bytes.endIndex...] }
        return Array(bytes)
    }
}
