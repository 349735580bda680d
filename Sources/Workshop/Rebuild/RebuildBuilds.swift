import Foundation

/// What a rebuild's build is about to cost, said before it starts: the packages it compiles for
/// the first time, and how long the same build took last time in this workspace
/// (`.workshop/build-times.json`). Chapter 12's first build compiles BoringSSL, twice: a learner
/// waiting minutes should know it is minutes, and why.
package struct BuildTimes: Codable, Sendable {
    /// Seconds, by `key(of:chapter:)`.
    var seconds: [String: Double] = [:]

    static func file(in workspace: RebuildWorkspace) -> URL {
        workspace.folder.appendingPathComponent(".workshop/build-times.json")
    }

    static func load(_ workspace: RebuildWorkspace) -> BuildTimes {
        (try? Data(contentsOf: file(in: workspace))).flatMap { try? JSONDecoder().decode(BuildTimes.self, from: $0) }
            ?? BuildTimes()
    }

    func save(_ workspace: RebuildWorkspace) {
        let file = Self.file(in: workspace)
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONEncoder().encode(self).write(to: file, options: .atomic)
    }

    /// One key per chapter and cut of its test target: each cut builds different things.
    static func key(of layout: RebuildPackage.Layout, chapter: RebuildChapter) -> String {
        "\(chapter.number)/" + (layout.testFiles?.excludedFiles.joined(separator: ",") ?? "all")
    }

    /// "1 min 5 s", "40 s".
    static func shown(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60) min \(whole % 60) s" : "\(whole) s"
    }

    /// The sentence said before a build that compiles packages for the first time: which, and how
    /// long the same build took the last time it did; nil when the build has nothing of that size
    /// to do (it compiles what changed: seconds).
    static func forecast(
        of layout: RebuildPackage.Layout, chapter: RebuildChapter, package: RebuildPackage, manifest: CourseManifest,
        times: BuildTimes
    ) -> String? {
        let unbuilt = package.unbuiltPackages(in: layout, manifest: manifest)
        guard !unbuilt.isEmpty else { return nil }
        let boringSSL = unbuilt.contains { $0 == "swift-crypto" || $0 == "swift-nio-ssl" }
        let last = times.seconds[key(of: layout, chapter: chapter)]
        return "(compiling for the first time here: \(unbuilt.joined(separator: ", "))"
            + (boringSSL ? ", with BoringSSL, a C library of hundreds of files" : "")
            + (last.map { "; this build took \(shown($0)) last time" } ?? "; minutes on a 2-core machine") + ")"
    }
}

extension RebuildPackage {
    /// The packages `layout` uses of which this package's `.build` holds no compiled module yet,
    /// each with what is heavy about it.
    func unbuiltPackages(in layout: RebuildPackage.Layout, manifest: CourseManifest) -> [String] {
        var modules: [String: String] = [:]  // package identity → one of its product modules the layout uses
        for target in manifest.targets where layout.targets.contains(target.name) {
            for (index, package) in target.packageDependencies.enumerated()
            where index < target.productDependencies.count {
                modules[package.lowercased()] = modules[package.lowercased()] ?? target.productDependencies[index]
            }
        }
        let debug = folder.appendingPathComponent(".build/debug")
        return modules.filter { _, module in
            !["Modules/\(module).swiftmodule", "\(module).swiftmodule", "\(module).build"].contains { path in
                FileManager.default.fileExists(atPath: debug.appendingPathComponent(path).path)
            }
        }.keys.sorted()
    }
}

/// A build started in the background, so that it runs while the learner reads: `rebuild N` starts
/// the first check's build as soon as the starter is written, and a check that passes every stage
/// before one needing more (chapter 12's handshakes) starts that one's. A check waits for it rather
/// than start a second build in the same folder.
package enum BackgroundBuild {
    static func folder(_ workspace: RebuildWorkspace) -> URL {
        workspace.folder.appendingPathComponent(".workshop")
    }
    static func pidFile(_ workspace: RebuildWorkspace) -> URL {
        folder(workspace).appendingPathComponent("prebuild.pid")
    }
    package static func logFile(_ workspace: RebuildWorkspace) -> URL {
        folder(workspace).appendingPathComponent("prebuild.log")
    }

    /// Prepares `layout` and starts its build, detached and at a low priority, so that it neither
    /// ends with the command that started it nor slows what the learner runs meanwhile. Returns
    /// false when it could not be started (the check will build instead).
    @discardableResult
    static func start(
        _ layout: RebuildPackage.Layout, chapter: RebuildChapter, workspace: RebuildWorkspace, manifest: CourseManifest
    ) -> Bool {
        guard running(workspace) == nil else { return false }
        let package = workspace.package
        guard (try? package.prepare(layout, manifest: manifest)) != nil else { return false }
        let log = logFile(workspace)
        let script = folder(workspace).appendingPathComponent("prebuild.sh")
        // The script notes how the build ended and how long it took, for the next forecast: the
        // command that started it is gone by then.
        let text = """
            start=$(date +%s)
            nice -n 10 swift build --build-tests --disable-xctest --package-path "$1" > "$2" 2>&1
            status=$?
            echo "workshop-prebuild-finished $status $(( $(date +%s) - start )) $3" >> "$2"

            """
        guard (try? text.write(to: script, atomically: true, encoding: .utf8)) != nil else { return false }
        let arguments = [script.path, package.folder.path, log.path, BuildTimes.key(of: layout, chapter: chapter)]
        let command = "nohup sh " + arguments.map(quoted).joined(separator: " ") + " > /dev/null 2>&1 & echo $!"
        guard let result = try? Shell.run(["sh", "-c", command], in: workspace.folder), result.succeeded,
            let pid = Int32(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return false }
        try? "\(pid) \(Date().timeIntervalSince1970)".write(to: pidFile(workspace), atomically: true, encoding: .utf8)
        return true
    }

    /// The background build still running, and when it started; nil when there is none.
    static func running(_ workspace: RebuildWorkspace) -> (pid: Int32, started: Date)? {
        guard let text = try? String(contentsOf: pidFile(workspace), encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        // A finished build says so in its log: a process id reused since proves nothing.
        let log = (try? String(contentsOf: logFile(workspace), encoding: .utf8)) ?? ""
        guard fields.count == 2, let pid = Int32(fields[0]), let started = Double(fields[1]), kill(pid, 0) == 0,
            !log.contains("workshop-prebuild-finished")
        else { return nil }
        return (pid, Date(timeIntervalSince1970: started))
    }

    /// Waits for a background build, showing its progress; then records how long it took.
    static func waitIfRunning(_ workspace: RebuildWorkspace, write: (String) -> Void, progress: BuildProgressLine) {
        guard let build = running(workspace) else { return finish(workspace) }
        let since = BuildTimes.shown(Date().timeIntervalSince(build.started))
        write(
            "Waiting for the build started in the background \(since) ago (its log: \(workspace.shown(logFile(workspace))))…"
        )
        while running(workspace) != nil {
            if let text = try? String(contentsOf: logFile(workspace), encoding: .utf8) { progress.update(text) }
            Thread.sleep(forTimeInterval: 0.5)
        }
        progress.clear()
        finish(workspace)
    }

    /// Reads what a finished background build wrote about itself into the build times.
    private static func finish(_ workspace: RebuildWorkspace) {
        guard let log = try? String(contentsOf: logFile(workspace), encoding: .utf8),
            let line = log.split(separator: "\n").last(where: { $0.hasPrefix("workshop-prebuild-finished ") })
        else { return }
        let fields = line.split(separator: " ", maxSplits: 3)
        if fields.count == 4, fields[1] == "0", let seconds = Double(fields[2]) {
            var times = BuildTimes.load(workspace)
            times.seconds[String(fields[3])] = seconds
            times.save(workspace)
        }
        try? FileManager.default.removeItem(at: pidFile(workspace))
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
