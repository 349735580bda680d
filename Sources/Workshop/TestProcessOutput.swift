import Foundation

/// Where the learner's files are in what `swift test` prints, and how to name them for the learner.
struct LearnerPaths: Sendable {
    struct Folder: Sendable {
        /// The absolute path as the compiler and the backtracer print it.
        var path: String
        /// What the learner calls it: `02-QueryStrings`, or empty for paths relative to it.
        var shownAs: String
    }

    /// The learner's own code: a crash is located in the first frame in one of these.
    var learner: [Folder]
    /// Other folders whose files are named relative to them in compiler errors (the course's tests).
    var others: [Folder] = []

    /// The learner's files are those under `exercises/` (but not its build folder).
    init(exercisesFolder: URL) {
        learner = [Folder(path: exercisesFolder.standardizedFileURL.path, shownAs: "")]
    }

    init(learner: [Folder], others: [Folder] = []) {
        self.learner = learner
        self.others = others
    }

    /// The learner's name for `path` when it is one of their files (and not a build product in
    /// their folder), nil otherwise.
    func learners(_ path: Substring) -> String? {
        guard let shown = shown(path, in: learner), !shown.hasPrefix(".build/"), !shown.contains("/.build/") else {
            return nil
        }
        return shown
    }

    /// `path` in the learner's terms, whoever wrote it.
    func shown(_ path: Substring) -> String {
        learners(path) ?? shown(path, in: others) ?? String(path)
    }

    private func shown(_ path: Substring, in folders: [Folder]) -> String? {
        for folder in folders where path.hasPrefix(folder.path + "/") {
            let rest = path.dropFirst(folder.path.count + 1)
            return folder.shownAs.isEmpty ? String(rest) : "\(folder.shownAs)/\(rest)"
        }
        return nil
    }
}

/// What `swift test` printed, read for the two things a learner needs when it did not simply pass or
/// fail: why the test process died, and what the compiler said, both in the learner's terms (paths
/// as the learner names them, no backtraces, no duplicates).
struct TestProcessOutput {
    let text: String
    let paths: LearnerPaths

    init(_ text: String, paths: LearnerPaths) {
        self.text = text
        self.paths = paths
    }

    init(_ text: String, exercisesFolder: URL) {
        self.init(text, paths: LearnerPaths(exercisesFolder: exercisesFolder))
    }

    private var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    // MARK: Crashes

    /// Why the test process died, when it did.
    struct Crash: Equatable {
        /// The runtime's own words: `Fatal error: Index out of range`, `Swift runtime failure:
        /// arithmetic overflow`, or, failing those, the signal.
        var message: String
        /// Where in the learner's code it happened (`07-image-inflation/Sources/7.1-premultiply/Premultiply.swift:7:22`).
        var location: String?
        /// The crashed thread's frames, to find which test was running.
        var frames: [String]
    }

    /// The crash, or nil when the output shows none.
    var crash: Crash? {
        let messages = lines.compactMap(Self.crashMessage)
        let signal = lines.lazy.compactMap(Self.signal).first
        guard !messages.isEmpty || signal != nil else { return nil }
        var unique: [String] = []
        for message in messages where !unique.contains(message) { unique.append(message) }
        let frames = crashedThreadFrames
        let location = frames.lazy.compactMap(learnerLocation).first
        // The backtracer's `Program crashed: Illegal instruction at 0x…` only repeats what a
        // runtime message says better; it is kept when it is all there is.
        let said = unique.filter { !$0.hasPrefix("Program crashed:") }
        let shown = said.isEmpty ? unique : said
        var message =
            shown.isEmpty ? "the test process was killed by \(signal!)" : shown.prefix(3).joined(separator: "\n")
        if shown.isEmpty, frames.isEmpty, signal?.hasPrefix("signal 11 ") == true {
            // The runtime's crash handler needs stack to run on; when there was none left, it never ran.
            message += ", with no backtrace: what a stack overflow (recursion too deep) looks like"
        }
        return Crash(message: message, location: location, frames: frames)
    }

    /// `Fatal error: …`, `Precondition failed: …`, `*** Swift runtime failure: … ***`.
    static func crashMessage(_ line: Substring) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        for marker in ["Fatal error:", "Precondition failed:", "Assertion failed:"] {
            if let range = trimmed.range(of: marker) {
                return String(trimmed[range.lowerBound...])
            }
        }
        if trimmed.hasPrefix("*** "), trimmed.hasSuffix(" ***") {
            let inner = trimmed.dropFirst(4).dropLast(4)
            if inner.hasPrefix("Swift runtime failure:") || inner.hasPrefix("Program crashed:") { return String(inner) }
        }
        return nil
    }

    /// `… exited with unexpected signal code 4` → `signal 4 (SIGILL)`.
    static func signal(_ line: Substring) -> String? {
        guard let range = line.range(of: "unexpected signal code ") else { return nil }
        let number = line[range.upperBound...].prefix { $0.isNumber }
        let names = [
            "4": "SIGILL", "5": "SIGTRAP", "6": "SIGABRT", "7": "SIGBUS", "8": "SIGFPE", "9": "SIGKILL",
            "11": "SIGSEGV",
        ]
        return "signal \(number)" + (names[String(number)].map { " (\($0))" } ?? "")
    }

    /// The frames of the thread the backtracer says crashed, without the rest of its report.
    private var crashedThreadFrames: [String] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") }) else {
            return []
        }
        var frames: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("Thread ") || line.hasPrefix("Registers:") || line.hasPrefix("Images") { break }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { frames.append(String(line)) }
        }
        return frames
    }

    /// `… at /…/exercises/07-image-inflation/Sources/…/File.swift:7:22` → the learner's name for it.
    private func learnerLocation(_ frame: String) -> String? {
        guard let range = frame.range(of: " at /") else { return nil }
        return paths.learners(frame[frame.index(before: range.upperBound)...])
    }

    // MARK: Compiler errors

    /// One compiler error, once, in the learner's terms.
    struct CompilerError: Hashable {
        /// As the learner names it (relative to `exercises/` for an exercise); nil for errors
        /// that name no file.
        var file: String?
        var line: Int?
        var message: String

        var description: String {
            guard let file else { return "error: \(message)" }
            return "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
        }
    }

    /// Every `error:` the build printed, deduplicated (the compiler and SwiftPM each repeat some),
    /// in the order first printed. SwiftPM's own closing `error: fatalError` says nothing and is left out.
    var compilerErrors: [CompilerError] {
        var seen = Set<CompilerError>()
        var errors: [CompilerError] = []
        for line in lines {
            guard let error = compilerError(line), seen.insert(error).inserted else { continue }
            errors.append(error)
        }
        return errors
    }

    private func compilerError(_ line: Substring) -> CompilerError? {
        guard let marker = line.range(of: ": error: ") ?? (line.hasPrefix("error: ") ? line.range(of: "error: ") : nil)
        else { return nil }
        let message = String(line[marker.upperBound...])
        // SwiftPM's own closing words after a failed build say nothing about the code.
        guard message != "fatalError", message != "cancelled", !message.hasPrefix("Process '"),
            !message.contains("command failed with exit code")
        else { return nil }
        let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard let path = location.first, path.hasPrefix("/") else {
            return CompilerError(file: nil, line: nil, message: message)
        }
        return CompilerError(
            file: paths.shown(path), line: location.count > 1 ? Int(location[1]) : nil, message: message)
    }
}
