import Foundation
import HTTPBin

/// HTTPBin in a process of its own, for the benchmarks that make requests. In the benchmark's own
/// process the server would share the two cores and the thread pool with the client: its work
/// would slow both sides alike, and hide part of what the client itself costs.
///
/// The child is this same executable, started with `serveArgument`; it prints its base URL on the
/// first line of its output and serves until its standard input closes (when the parent exits,
/// however it exits). Meanwhile each line `count TEXT` sent to it is answered with the number of
/// requests received so far whose target contains TEXT (chapter 11 counts requests at the server).
final class ServerProcess {
    static let serveArgument = "--serve-httpbin"

    let baseURL: URL
    private let process: Process
    private let input: Pipe
    private let output: Pipe

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = [Self.serveArgument]
        input = Pipe()
        output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard let url = URL(string: try Self.readLine(output)), url.port != nil else {
            throw CocoaError(.fileReadCorruptFile)
        }
        baseURL = url
    }

    /// How many requests the server has received so far whose target (path and query) contains `text`.
    func requestCount(containing text: String) -> Int {
        input.fileHandleForWriting.write(Data("count \(text)\n".utf8))
        return (try? Self.readLine(output)).flatMap { Int($0) } ?? -1
    }

    /// One line of the child's output, read a byte at a time: nothing after it is consumed.
    private static func readLine(_ pipe: Pipe) throws -> String {
        var line = Data()
        while let byte = try pipe.fileHandleForReading.read(upToCount: 1), let first = byte.first,
            first != UInt8(ascii: "\n")
        {
            line.append(first)
        }
        return String(decoding: line, as: UTF8.self)
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
        while let line = Swift.readLine() {
            guard line.hasPrefix("count ") else { continue }
            let text = line.dropFirst("count ".count)
            print(server.requests.filter { $0.uri.contains(text) }.count)
            fflush(nil)
        }
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
