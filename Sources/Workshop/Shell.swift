import Foundation

/// Runs another program to completion and collects what it printed.
enum Shell {
    struct Result {
        var status: Int32
        var output: String
        var succeeded: Bool { status == 0 }
    }

    /// Runs `arguments` (found on `PATH`) in `directory`, with `environment` added to this process's
    /// own. The output goes to a temporary file rather than a pipe: a pipe holds only 64 KB, and a
    /// compiler printing more than that into a pipe nobody reads yet would wait forever.
    /// `onOutput`, when given, is called about twice a second with everything printed so far, so
    /// that a long build can show where it is.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> Result {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("workshop-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw WorkshopError("could not create a temporary file in \(log.deletingLastPathComponent().path)")
        }
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let onOutput {
            while process.isRunning {
                Thread.sleep(forTimeInterval: 0.5)
                if let text = try? String(contentsOf: log, encoding: .utf8) { onOutput(text) }
            }
        }
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus, output: output)
    }

    /// The program `name` on PATH (or at that path, when it has a slash), if it is there.
    static func executable(named name: String) -> URL? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
