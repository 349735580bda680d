import Foundation
import RequestBodies

/// Chapter 4: producing a multipart body with a 200 MB file part, against copying the same file
/// with `FileHandle`. Both read 200 MB and write 200 MB; the body adds the framing and the reader's
/// work. Time is a ratio to the copy; memory is the process's peak resident size while each side
/// runs, which must stay far below the file's size if the body really streams.
enum MultipartBenchmark {
    static let fileSize = 200 << 20
    static let chunkSize = 256 << 10

    static func run() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "afn-bench-multipart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let source = folder.appendingPathComponent("source.bin")
            try makeFile(source)
            var form = MultipartFormData()
            form.appendPart(withFormData: Data("A 200 MB upload".utf8), name: "title")
            try form.appendPart(withFileURL: source, name: "file")
            compare(source: source, form: form, destination: folder.appendingPathComponent("out.bin"))
        } catch {
            print("multipart benchmark failed: \(error)")
        }
    }

    private static func compare(source: URL, form: MultipartFormData, destination: URL) {
        PeakMemory.reset()
        var peaks: [String: Int] = ["rest": PeakMemory.current() ?? 0]
        func timed(_ name: String, _ body: @escaping () throws -> Int) -> Double {
            PeakMemory.reset()
            let nanoseconds = Measure.nanosecondsPerCall(rounds: 3, iterations: 1) { (try? body()) ?? 0 }
            peaks[name] = PeakMemory.current()
            return nanoseconds
        }
        let copy = timed("copy") { try copyFile(source, to: destination) }
        let file = timed("file") { Int(try form.writeBody(to: destination)) }
        let stream = timed("stream") { try drain(form.makeBodyStream()) }
        let memory = timed("memory") { try bodyInMemory(form).count }
        Row.printTable(
            title: "a multipart body with a 200 MB file part (time per body)",
            baseline: Row(name: "FileHandle copy of the file", nanoseconds: copy),
            rows: [
                Row(name: "writeBody(to:) (body to a file)", nanoseconds: file, target: .atMost(1.30)),
                Row(name: "body stream read to the end", nanoseconds: stream),
                Row(name: "the whole body as one Data", nanoseconds: memory),
            ]
        )
        print("peak resident memory of the whole process while each side runs")
        let sides = [
            ("rest", "the process at rest, before any side"), ("copy", "FileHandle copy"), ("file", "writeBody(to:)"),
            ("stream", "body stream"), ("memory", "the whole body as one Data"),
        ]
        for (name, label) in sides {
            let megabytes = peaks[name].map { String(format: "%6.1f MB", Double($0) / 1_048_576) } ?? "  (Linux only)"
            let target =
                ["copy", "file", "stream"].contains(name) && peaks[name] != nil
                ? "   target ≤ 32 MB \(Target.atMost(32).check("peak memory of \(label), MB", Double(peaks[name]!) / 1_048_576))"
                : ""
            print("  \(label.padding(toLength: 36, withPad: " ", startingAt: 0)) \(megabytes)\(target)")
        }
        print()
    }

    /// Writes `fileSize` bytes in chunks, so that making the file does not itself raise the peak.
    private static func makeFile(_ url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let chunk = Data((0..<chunkSize).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for _ in 0..<(fileSize / chunkSize) { try handle.write(contentsOf: chunk) }
    }

    /// The baseline: the plain way to copy a file a chunk at a time with `FileHandle`.
    private static func copyFile(_ source: URL, to destination: URL) throws -> Int {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let input = try FileHandle(forReadingFrom: source)
        let output = try FileHandle(forWritingTo: destination)
        defer {
            try? input.close()
            try? output.close()
        }
        var copied = 0
        while let data = try input.read(upToCount: chunkSize), !data.isEmpty {
            try output.write(contentsOf: data)
            copied += data.count
        }
        return copied
    }

    /// What streaming avoids: the body collected into one `Data`, as `httpBody` would need it.
    private static func bodyInMemory(_ form: MultipartFormData) throws -> Data {
        let stream = form.makeBodyStream()
        stream.open()
        defer { stream.close() }
        var body = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
            body.append(buffer, count: count)
        }
        return body
    }

    /// Reads a stream to its end the way URLSession does, and throws the bytes away.
    private static func drain(_ stream: InputStream) throws -> Int {
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var total = 0
        while case let count = stream.read(&buffer, maxLength: buffer.count), count != 0 {
            if count < 0 { throw stream.streamError ?? CocoaError(.fileReadUnknown) }
            total += count
        }
        return total
    }
}

/// The process's peak resident memory (Linux: `VmHWM` in `/proc/self/status`, which writing `5` to
/// `/proc/self/clear_refs` resets to the current size, so each side gets a peak of its own).
enum PeakMemory {
    static func reset() {
        #if os(Linux)
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        #endif
    }

    /// The peak in bytes since the last reset, or nil where it cannot be read.
    static func current() -> Int? {
        status("VmHWM")
    }

    /// The resident size in bytes now, or nil where it cannot be read.
    static func resident() -> Int? {
        status("VmRSS")
    }

    private static func status(_ field: String) -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
        #else
        return nil
        #endif
    }
}
