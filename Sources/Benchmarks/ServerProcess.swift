import Foundation
import HTTPBin
import HTTPBinTLS
import TestCertificates

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
    /// Also behind TLS: the child's second line is the TLS listener's base URL.
    static let tlsArgument = "--tls"

    let baseURL: URL
    /// With `tls`: `https://127.0.0.1:PORT` of the same server program's TLS listener.
    private(set) var tlsBaseURL: URL?
    private let process: Process
    private let input: Pipe
    private let output: Pipe

    /// With `tls` (a chain, leaf first), the child also serves HTTPBin behind TLS with that
    /// chain and the leaf's key, which reach it in files of a temporary folder.
    init(tls chain: [TestIdentity] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = [Self.serveArgument]
        if let leaf = chain.first {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afn-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, identity) in chain.enumerated() {
                try identity.data.write(to: folder.appendingPathComponent("\(index).der"))
            }
            try Data(leaf.privateKeyPEM.utf8).write(to: folder.appendingPathComponent("key.pem"))
            process.arguments! += [Self.tlsArgument, folder.path]
        }
        input = Pipe()
        output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard let url = URL(string: try Self.readLine(output)), url.port != nil else {
            throw CocoaError(.fileReadCorruptFile)
        }
        baseURL = url
        if !chain.isEmpty {
            guard let tls = URL(string: try Self.readLine(output)), tls.port != nil else {
                throw CocoaError(.fileReadCorruptFile)
            }
            tlsBaseURL = tls
        }
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
        let arguments = CommandLine.arguments
        var tls: HTTPBinTLS?
        if let flag = arguments.firstIndex(of: tlsArgument), flag + 1 < arguments.count {
            let folder = URL(fileURLWithPath: arguments[flag + 1])
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let chain = files.filter { $0.hasSuffix(".der") }.sorted().compactMap {
                try? Array(Data(contentsOf: folder.appendingPathComponent($0)))
            }
            let key = (try? String(contentsOf: folder.appendingPathComponent("key.pem"), encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: folder)
            tls = SessionBenchmark.blocking { try await HTTPBinTLS.start(chain: chain, privateKeyPEM: key) }
            print(tls!.baseURL.absoluteString)
        }
        fflush(nil)
        while let line = Swift.readLine() {
            guard line.hasPrefix("count ") else { continue }
            let text = line.dropFirst("count ".count)
            print(server.requests.filter { $0.uri.contains(text) }.count)
            fflush(nil)
        }
        SessionBenchmark.blocking { try await server.shutdown() }
        if let tls { SessionBenchmark.blocking { try await tls.shutdown() } }
        exit(0)
    }
}

/// This process's resource usage so far, its threads' (living and ended) together.
private func selfUsage() -> rusage {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)  // Glibc imports the constant as an enum
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
}

/// The processor time this process has used so far (user and system), in microseconds.
func processorMicroseconds() -> Double {
    let usage = selfUsage()
    let user = Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec)
    let system = Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec)
    return user + system
}

/// How many times this process's threads have stopped running so far: by waiting (a thread that
/// goes to sleep until woken) or by being preempted. A hop to a queue whose thread sleeps costs
/// one wait-and-wake, so this count moves with the hops a request takes, and moves less than time
/// does on a shared machine.
func contextSwitches() -> Double {
    let usage = selfUsage()
    return Double(usage.ru_nvcsw + usage.ru_nivcsw)
}
