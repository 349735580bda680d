/// A cursor over borrowed bytes. Reads return nil past the end instead of trapping, which is what
/// makes the sniffers safe on any input; nothing is copied or allocated.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    mutating func readUInt8() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readUInt16(bigEndian: Bool = true) -> UInt16? {
        read(UInt16.self, bigEndian: bigEndian)
    }

    mutating func readUInt32(bigEndian: Bool = true) -> UInt32? {
        read(UInt32.self, bigEndian: bigEndian)
    }

    mutating func readUInt64() -> UInt64? {
        read(UInt64.self, bigEndian: true)
    }

    /// The next `count` bytes as their own buffer (a view, not a copy).
    mutating func readBytes(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, remaining >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    /// Moves the cursor; false (and no move) when the target is outside the bytes.
    mutating func seek(to newOffset: Int) -> Bool {
        guard newOffset >= 0, newOffset <= bytes.count else { return false }
        offset = newOffset
        return true
    }

    mutating func skip(_ count: Int) -> Bool {
        count >= 0 && count <= remaining && seek(to: offset + count)
    }

    private mutating func read<Value: FixedWidthInteger>(_: Value.Type, bigEndian: Bool) -> Value? {
        guard remaining >= MemoryLayout<Value>.size else { return nil }
        defer { offset += MemoryLayout<Value>.size }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: Value.self)
        return bigEndian ? Value(bigEndian: value) : Value(littleEndian: value)
    }
}
