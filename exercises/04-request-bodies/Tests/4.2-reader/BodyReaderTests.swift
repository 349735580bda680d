import Chapter04Exercise2
import Foundation
import Testing

@Suite("4.2 Build a streaming body reader")
struct BodyReaderTests {
    /// Everything `reader` gives, `chunk` bytes per call, as URLSession reads a body.
    func readAll(_ reader: BodyReader, chunk: Int) throws -> Data {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunk)
        defer { buffer.deallocate() }
        var data = Data()
        while case let count = try reader.read(into: buffer), count > 0 {
            data.append(buffer.baseAddress!, count: count)
        }
        return data
    }

    func segments() -> [Segment] {
        [.bytes(Data("--head\r\n".utf8)), .stream(InputStream(data: Data("stream body".utf8)), length: 11), .bytes(Data()), .bytes(Data("\r\n--end".utf8))]
    }

    @Test("The segments come out in order, whatever the size of the reads", arguments: [1, 2, 5, 8, 1024])
    func inOrder(chunk: Int) throws {
        let body = try readAll(BodyReader(segments()), chunk: chunk)
        #expect(String(decoding: body, as: UTF8.self) == "--head\r\nstream body\r\n--end")
    }

    @Test("A read fills the whole buffer until the body ends, and then returns 0, again and again")
    func fullBuffersThenZero() throws {
        let reader = BodyReader(segments())
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 10)
        defer { buffer.deallocate() }
        #expect(try reader.read(into: buffer) == 10)
        #expect(try reader.read(into: buffer) == 10)
        #expect(try reader.read(into: buffer) == 6)
        #expect(try reader.read(into: buffer) == 0)
        #expect(try reader.read(into: buffer) == 0)
    }

    @Test("A stream is never asked for more than the buffer or its declared length")
    func boundedStreamReads() throws {
        let stream = RecordingStream(Data(repeating: 7, count: 100))
        let body = try readAll(BodyReader([.bytes(Data([1])), .stream(stream, length: 100)]), chunk: 16)
        #expect(body.count == 101)
        #expect(stream.largestRead > 0 && stream.largestRead <= 16)
    }

    @Test("A stream shorter than its declared length is an error that names its segment")
    func shortStream() {
        let reader = BodyReader([.bytes(Data("a".utf8)), .stream(InputStream(data: Data(count: 3)), length: 5)])
        #expect(throws: BodyReaderError.streamEndedEarly(segment: 1)) { try readAll(reader, chunk: 64) }
    }
}

/// Records the largest `maxLength` it was asked for.
final class RecordingStream: InputStream {
    private let data: Data
    private var position = 0
    private(set) var largestRead = 0

    init(_ data: Data) {
        self.data = data
        super.init(data: Data())
    }

    override var hasBytesAvailable: Bool { position < data.count }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        largestRead = max(largestRead, maxLength)
        let count = min(maxLength, data.count - position)
        data.copyBytes(to: buffer, from: position..<(position + count))
        position += count
        return count
    }
}
