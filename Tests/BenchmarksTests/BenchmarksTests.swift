import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Benchmarks

@Suite("afn-bench's targets and exit status")
struct BenchmarksTests {
    @Test("A figure past its target is MISSED and remembered; one within it is ok")
    func targets() {
        let before = Target.missed.withLock { $0.count }
        #expect(Target.atMost(1.3).check("within", 1.2) == "ok")
        #expect(Target.atLeast(1.8).check("short", 1.5) == "MISSED")
        let missed = Target.missed.withLock { Array($0.dropFirst(before)) }
        #expect(missed == ["short: 1.50, target ≥ 1.80"])
    }

    /// The built `afn-bench` next to this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("afn-bench")
    }

    @Test("An unknown benchmark name is refused with exit status 2 and the list of names")
    func unknownName() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["escapng"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("no benchmark is called 'escapng'"))
        #expect(text.contains("escaping"))
    }

    @Test(
        "The benchmarks' server runs in a child process: it prints its address, answers, and exits when its input closes"
    )
    func serverProcess() async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = [ServerProcess.serveArgument]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        let base = try #require(URL(string: String(decoding: line, as: UTF8.self)))
        let (_, response) = try await URLSession.shared.data(from: base.appendingPathComponent("get"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
