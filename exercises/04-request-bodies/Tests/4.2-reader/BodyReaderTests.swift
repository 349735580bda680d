import Chapter04Exercise2
import Foundation
import Testing

@Suite("4.2 Resume a body at a byte")
struct BodyReaderTests {
    /// Everything `reader` still gives, `chunk` bytes per call, as URLSession reads a body.
    func readAll(_ reader: BodyReader, chunk: Int = 7) throws -> Data {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunk)
        defer { buffer.deallocate() }
        var data = Data()
        while case let count = try reader.read(into: buffer), count > 0 {
            data.append(buffer.baseAddress!, count: count)
        }
        return data
    }

    /// A small form: framing in memory, a stream, an empty segment, framing again.
    func segments() -> [Segment] {
        [.bytes(Data("--head\r\n".utf8)), .stream(InputStream(data: Data("stream body".utf8)), length: 11), .bytes(Data()), .bytes(Data("\r\n--end".utf8))]
    }

    @Test("Skipping, then reading, gives the body from that byte on, for every byte")
    func everyOffset() throws {
        let body = Data("--head\r\nstream body\r\n--end".utf8)
        for offset in 0...body.count + 2 {
            let reader = BodyReader(segments())
            let skipped = try reader.skip(offset)
            let rest = try readAll(reader)
            #expect(skipped == min(offset, body.count) && rest == body.dropFirst(offset),
                    "skip(\(offset)) returned \(skipped), then the reader gave \(String(decoding: rest, as: UTF8.self).debugDescription)")
            if rest != body.dropFirst(offset) { return }
        }
    }

    @Test("A stream that the skip passes whole, to its last byte or beyond, is never opened")
    func wholeStreamNeverOpened() throws {
        for count in [101, 102, 200] {
            let stream = RecordingStream(Data(repeating: 7, count: 100))
            let reader = BodyReader([.bytes(Data([1])), .stream(stream, length: 100), .bytes(Data("end".utf8))])
            let skipped = try reader.skip(count)
            let rest = try readAll(reader)
            #expect(skipped == min(count, 104) && rest == Data("end".utf8).dropFirst(min(count, 104) - 101),
                    "skip(\(count)) returned \(skipped), then the reader gave \(Array(rest))")
            #expect(!stream.opened, "skip(\(count)) passed the whole stream, yet it was opened and asked for \(stream.largestRead) bytes at once")
        }
    }

    @Test("A stream skipped in part is read in pieces of at most discardLimit bytes, and the body goes on after them")
    func partStreamInPieces() throws {
        let content = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let stream = RecordingStream(content)
        let reader = BodyReader([.bytes(Data([1, 2])), .stream(stream, length: content.count)])
        #expect(try reader.skip(60_002) == 60_002)
        // 60,000 bytes of the stream in pieces of discardLimit: 15 reads, the last one short.
        let piecesNeeded = (60_000 + BodyReader.discardLimit - 1) / BodyReader.discardLimit
        #expect(stream.reads <= piecesNeeded,
                "the skip asked the stream \(stream.reads) times for its first 60,000 bytes: it should drop them discardLimit at a time, not in small pieces")
        let rest = try readAll(reader, chunk: 1_000)
        #expect(rest == content.dropFirst(60_000), "the \(rest.count) bytes after the skip are not the stream's last 40,000")
        #expect(stream.largestRead <= BodyReader.discardLimit, "the stream was asked for \(stream.largestRead) bytes at once")
    }

    @Test("skip returns what it skipped, fewer than asked only at the end, and reading then returns 0")
    func atTheEnd() throws {
        let reader = BodyReader([.bytes(Data("abc".utf8))])
        #expect(try reader.skip(2) == 2)
        #expect(try reader.skip(5) == 1)
        #expect(try reader.skip(5) == 0)
        #expect(try readAll(reader).isEmpty)
    }

    @Test("Skips and reads can take turns")
    func alternating() throws {
        let reader = BodyReader(segments())
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        var got = ""
        for step in 0..<8 {
            if step.isMultiple(of: 2) {
                let count = try reader.read(into: buffer)
                got += String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
            } else {
                _ = try reader.skip(2)
            }
        }
        // Read 3, skip 2, and again: "--h", "ea" skipped, "d\r\n", "st" skipped (the stream opened
        // by the skip), "rea", "m " skipped, "bod".
        #expect(got == "--hd\r\nreabod", "the bytes read were \(got.debugDescription)")
    }

    @Test("A stream already opened by a read and then skipped to its end is read to its end and closed")
    func openedThenSkipped() throws {
        let stream = RecordingStream(Data((0..<100).map { UInt8($0) }))
        let reader = BodyReader([.bytes(Data([0xAA])), .stream(stream, length: 100), .bytes(Data("end".utf8))])
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 10)
        defer { buffer.deallocate() }
        #expect(try reader.read(into: buffer) == 10, "the first read should fill its 10 bytes")  // opens the stream
        #expect(try reader.skip(92) == 92)  // the stream's last 91 bytes, and "e"
        let rest = try readAll(reader)
        #expect(rest == Data("nd".utf8), "after the skip, the reader gave \(Array(rest))")
        #expect(stream.closed, "the stream was opened by a read, then skipped to its end, and never closed: its file stays open")
        #expect(stream.position == 100, "the skip passed the stream's last bytes without reading them: \(stream.position) of 100 were read")
    }

    @Test("A stream already opened that ends early while it is skipped is an error that names its segment")
    func openedThenShort() throws {
        let reader = BodyReader([.stream(RecordingStream(Data(count: 30)), length: 50), .bytes(Data("z".utf8))])
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 10)
        defer { buffer.deallocate() }
        _ = try reader.read(into: buffer)
        #expect(throws: BodyReaderError.streamEndedEarly(segment: 0), "a stream that declared 50 bytes and holds 30 was skipped past its end without a word") {
            try reader.skip(45)
        }
    }

    @Test("A stream that ends early while it is skipped is an error that names its segment")
    func shortStream() {
        let reader = BodyReader([.bytes(Data("a".utf8)), .stream(InputStream(data: Data(count: 3)), length: 5), .bytes(Data("z".utf8))])
        #expect(throws: BodyReaderError.streamEndedEarly(segment: 1)) { try reader.skip(5) }
    }
}

/// Records whether it was opened and closed, how far it was read, how many times, and the largest
/// `maxLength` it was asked for.
final class RecordingStream: InputStream {
    private let data: Data
    private(set) var position = 0
    private(set) var largestRead = 0
    private(set) var reads = 0
    private(set) var opened = false
    private(set) var closed = false

    init(_ data: Data) {
        self.data = data
        super.init(data: Data())
    }

    override func open() { opened = true }
    override func close() { closed = true }
    override var hasBytesAvailable: Bool { position < data.count }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        reads += 1
        largestRead = max(largestRead, maxLength)
        let count = min(maxLength, data.count - position)
        data.copyBytes(to: buffer, from: position..<(position + count))
        position += count
        return count
    }
}
