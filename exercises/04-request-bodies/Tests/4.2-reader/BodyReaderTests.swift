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
        let body = String(decoding: try readAll(BodyReader(segments()), chunk: chunk), as: UTF8.self)
        #expect(body == "--head\r\nstream body\r\n--end", "with a buffer of \(chunk), the body is \(body.debugDescription)")
    }

    @Test("A read fills the whole buffer until the body ends, and then returns 0, again and again")
    func fullBuffersThenZero() throws {
        let reader = BodyReader(segments())
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 10)
        defer { buffer.deallocate() }
        var counts: [Int] = []
        for _ in 0..<5 { counts.append(try reader.read(into: buffer)) }
        #expect(counts == [10, 10, 6, 0, 0], "the counts five reads of 10 bytes returned")
    }

    @Test("A stream is never asked for more than the buffer or its declared length")
    func boundedStreamReads() throws {
        let stream = RecordingStream(Data(repeating: 7, count: 100))
        let body = try readAll(BodyReader([.bytes(Data([1])), .stream(stream, length: 100)]), chunk: 16)
        #expect(body.count == 101)
        #expect(stream.largestRead > 0 && stream.largestRead <= 16)
    }

    @Test("A stream that holds more than its declared length gives its declared bytes only, and the body goes on after them",
          arguments: [1, 3, 64])
    func longStream(chunk: Int) throws {
        // A file that grew after its length was taken: the body promised 6 bytes, and sends 6.
        let stream = RecordingStream(Data("abcdefXYZ".utf8))
        let reader = BodyReader([.bytes(Data("<".utf8)), .stream(stream, length: 6), .bytes(Data(">".utf8))])
        do {
            let body = String(decoding: try readAll(reader, chunk: chunk), as: UTF8.self)
            #expect(body == "<abcdef>", "with a buffer of \(chunk)")
        } catch {
            Issue.record("with a buffer of \(chunk), reading threw \(error), although the stream holds 9 bytes: it declared 6, so 6 are read and the next segment follows")
        }
        #expect(stream.largestRead <= 6, "the stream was asked for \(stream.largestRead) bytes at once; it declared 6")
    }

    @Test("A stream shorter than its declared length is an error that names its segment, whatever the size of the reads",
          arguments: [1, 2, 64])
    func shortStream(chunk: Int) {
        let reader = BodyReader([.bytes(Data("a".utf8)), .stream(InputStream(data: Data(count: 3)), length: 5), .bytes(Data("z".utf8))])
        #expect(throws: BodyReaderError.streamEndedEarly(segment: 1)) { try readAll(reader, chunk: chunk) }
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
