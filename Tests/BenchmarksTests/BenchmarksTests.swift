import Foundation
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
}
