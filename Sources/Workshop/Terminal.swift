import Foundation

/// How the workshop writes to the learner's terminal: colour only where colour is wanted, and a
/// progress line that rewrites itself only where a terminal can show that.
package struct Terminal: Sendable {
    /// Colours on: standard output is a terminal and `NO_COLOR` (https://no-color.org) is unset.
    package var usesColor: Bool
    /// Standard output is a terminal, so a line can be rewritten in place with a carriage return.
    package var isInteractive: Bool

    package init(usesColor: Bool, isInteractive: Bool) {
        self.usesColor = usesColor
        self.isInteractive = isInteractive
    }

    /// The terminal this process writes to.
    package static var current: Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Terminal(
            usesColor: interactive && !noColor && ProcessInfo.processInfo.environment["TERM"] != "dumb",
            isInteractive: interactive)
    }

    package static let plain = Terminal(usesColor: false, isInteractive: false)

    package func green(_ text: String) -> String { paint(text, "32") }
    package func red(_ text: String) -> String { paint(text, "31") }
    package func dim(_ text: String) -> String { paint(text, "2") }
    package func bold(_ text: String) -> String { paint(text, "1") }

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// SwiftPM's build progress, `[123/456] Compiling …`, read off the output so far: the learner sees
/// the first build move instead of a minute of silence.
package enum BuildProgress {
    /// The last `[done/total]` step printed, or nil before the first one.
    package static func lastStep(in output: String) -> (done: Int, total: Int)? {
        for line in output.split(separator: "\n").reversed() {
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { continue }
            let numbers = line[line.index(after: line.startIndex)..<close].split(separator: "/")
            if numbers.count == 2, let done = Int(numbers[0]), let total = Int(numbers[1]) { return (done, total) }
        }
        return nil
    }
}
