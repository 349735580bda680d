import Foundation

/// Runs another program to completion and collects what it printed.
package enum Shell {
    package struct Result {
        package var status: Int32
        package var output: String
        /// The run was ended because its tests made no progress for `TestWatch.idleLimit`.
        package var stalled = false
        /// The signal that ended the program, when one did (then `status` is its number).
        package var signal: Int32?
        package var succeeded: Bool { status == 0 && signal == nil }
    }

    /// How `run` watches a test run that it may have to end.
    package struct TestWatch {
        /// Swift Testing's event stream, which grows as tests start and end.
        var events: URL
        /// How long the tests may go without a new event or a printed line before the run is ended
        /// as stuck (a deadlock, a loop that never exits). Counted from the first event, so that a
        /// slow build is never cut short.
        var idleLimit: TimeInterval = 300
    }

    /// Runs `arguments` (found on `PATH`) in `directory`, with `environment` added to this process's
    /// own. The output goes to a temporary file rather than a pipe: a pipe holds only 64 KB, and a
    /// compiler printing more than that into a pipe nobody reads yet would wait forever.
    /// `onOutput`, when given, is called about twice a second with everything printed so far, so
    /// that a long build can show where it is.
    ///
    /// `watch`, for a test run. A test process that crashes on two threads at once can leave the
    /// runtime's backtracer hanging, holding `swift test`'s pipe open, so that `swift test` never
    /// sees its test process end: when that process has exited and has not been reaped for a few
    /// seconds (seen in `/proc`), the backtracer is ended, and `swift test` prints what it has and
    /// finishes. And a test that deadlocks never ends: once the tests have made no progress for
    /// the watch's limit, the processes this call started are ended and the run is `stalled`.
    package static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        onOutput: (@Sendable (String) -> Void)? = nil, watch: TestWatch? = nil
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
        var stalled = false
        if onOutput != nil || watch != nil {
            var sizes = (output: 0, events: 0)
            var quietSince = Date()
            var unreapedSince: Date?
            while process.isRunning {
                Thread.sleep(forTimeInterval: 0.5)
                guard let text = read(log) else { continue }
                onOutput?(text)
                guard let watch else { continue }
                let events = (try? FileManager.default.attributesOfItem(atPath: watch.events.path)[.size] as? Int) ?? 0
                if text.utf8.count != sizes.output || events != sizes.events {
                    sizes = (text.utf8.count, events)
                    quietSince = Date()
                }
                let exited = exitedChildren(of: process.processIdentifier)
                if exited.isEmpty {
                    unreapedSince = nil
                } else if let since = unreapedSince, Date().timeIntervalSince(since) > 3 {
                    // What is left in each exited child's process group is its orphaned backtracer.
                    for child in exited { kill(-child, SIGKILL) }
                    unreapedSince = nil
                } else if unreapedSince == nil {
                    unreapedSince = Date()
                }
                if events > 0 && Date().timeIntervalSince(quietSince) > watch.idleLimit {
                    stalled = true
                    endProcessTree(of: process.processIdentifier)
                }
            }
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: read(log) ?? "", stalled: stalled,
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }

    /// The text of `file`, whatever bytes it holds: a backtrace's register dump prints raw memory,
    /// which need not be UTF-8, and one bad byte must not lose the rest of the output.
    private static func read(_ file: URL) -> String? {
        (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The children of `pid` that have exited and wait to be reaped (all of them, or none).
    private static func exitedChildren(of pid: Int32) -> [Int32] {
        let children = children(of: pid)
        let exited = children.filter { child in
            // `/proc/<pid>/stat`: "pid (name) S …"; the state follows the name's closing parenthesis.
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first == "Z"
        }
        return exited.count == children.count ? exited : []
    }

    private static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "").split(
                separator: " "
            ).compactMap { Int32($0) }
        }
    }

    /// Ends the process `pid` started by this tool, and what it started: each child's process
    /// group (where a crashed test process's backtracer lives), then the process's own group.
    /// The children are read from `/proc`, so on other systems only the process's group ends.
    static func endProcessTree(of pid: Int32) {
        for child in children(of: pid) { kill(-child, SIGKILL) }
        kill(-pid, SIGKILL)
    }

    /// The program `name` on PATH (or at that path, when it has a slash), if it is there.
    package static func executable(named name: String) -> URL? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
