import Foundation
import HTTPBin

/// HTTPBin in a process of its own, for the benchmarks that make requests. In the benchmark's own
/// process the server would share the two cores and the thread pool with the client: its work
/// would slow both sides alike, and hide part of what the client itself costs.
///
/// The child is this same executable, started with `serveArgument`; it prints its base URL on the
/// first line of its output and serves until its standard input closes (when the parent exits,
/// however it exits).
final class ServerProcess {
    static let serveArgument = "--serve-httpbin"

    let baseURL: URL
    private let process: Process
    private let input: Pipe

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = [Self.serveArgument]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard let url = URL(string: String(decoding: line, as: UTF8.self)), url.port != nil else {
            throw CocoaError(.fileReadCorruptFile)
        }
        baseURL = url
    }

    func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The child's side: serve until standard input reaches its end.
    static func serve() -> Never {
        let server = SessionBenchmark.blocking { try await HTTPBin.start() }
        print(server.baseURL.absoluteString)
        fflush(nil)
        _ = FileHandle.standardInput.readDataToEndOfFile()
        SessionBenchmark.blocking { try await server.shutdown() }
        exit(0)
    }
}

/// The processor time this process has used so far (user and system), in microseconds.
func processorMicroseconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)  // Glibc imports the constant as an enum
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec)
    let system = Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec)
    return user + system
}
