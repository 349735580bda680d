import Foundation
import TaskDelegates
import Tracing

extension Tour.Run {
    /// The steps a request goes through before its first callback can arrive, all on the caller's
    /// thread. The network answers in a fraction of a millisecond, so on a busy machine the first
    /// callback can be recorded before the caller's last line: in masked output (the chapter's),
    /// these keep their logical place, first.
    static let stepsBeforeTheNetwork: Set<TraceStep> = [
        .baseURLResolution, .queryString, .requestSerialization, .taskCreation, .taskTableInsert, .resume,
        .resumeNotification,
    ]

    /// The trace as lines: time since the call, task, place, step, what it did, and the chapter.
    /// Repeated steps (data arriving in several chunks, progress) make one line with the last
    /// detail. `masked` hides what changes from run to run: the times, the port and the number of
    /// chunks, so that the chapter can quote the output and check it.
    package func lines(masked: Bool) -> [String] {
        var lines = [Self.header]
        for (event, repeats) in Self.collapsed(masked ? logicalOrder : events) {
            var shown = event
            shown.place = Self.shortPlaces[event.place] ?? event.place
            var line = shown.line
            // The image's parser is chapter 7's, which stands on chapter 6's serializers.
            if variant == .image || variant == .merged, event.step == .parsing {
                line = line.replacingOccurrences(of: "(chapter 6)", with: "(chapter 7)")
            }
            if masked { line = "+" + String(repeating: " ", count: 6) + "··· ms" + line.dropFirst(13) }
            if repeats > 1, !masked { line += "  ×\(repeats)" }
            lines.append(mask(line, masked))
        }
        lines.append("")
        lines.append("processing queue: AFNetworking's label, \(CompletionContext.sharedProcessingQueue.label)")
        if variant == .merged {
            lines.append("\(completions) callers' closures ran, once each")
        } else {
            lines.append("the caller's closure ran \(completions == 1 ? "once" : "\(completions) times")")
        }
        return lines
    }

    /// Labels too long for the column, by the name the chapters use.
    static let shortPlaces = [CompletionContext.sharedProcessingQueue.label: "processing queue"]

    static let header = "  since call   task   where                           step                      what"

    var logicalOrder: [TraceEvent] {
        // `--merged` records its caller's steps before the server answers (it holds the image
        // 200 ms), so the order as recorded is already the logical one.
        guard variant != .merged else { return events }
        guard let call = events.first else { return [] }
        let rest = events.dropFirst()
        return [call] + rest.filter { Self.stepsBeforeTheNetwork.contains($0.step) }
            + rest.filter { !Self.stepsBeforeTheNetwork.contains($0.step) }
    }

    /// Consecutive events of the same step at the same place, as one event (the last) and a count.
    static func collapsed(_ events: [TraceEvent]) -> [(TraceEvent, Int)] {
        var result: [(TraceEvent, Int)] = []
        for event in events {
            if let last = result.last, last.0.step == event.step, last.0.place == event.place,
                event.step != .caller || sameKind(last.0, event)
            {
                result[result.count - 1] = (event, last.1 + 1)
            } else {
                result.append((event, 1))
            }
        }
        return result
    }

    /// Two caller notes of the same kind (progress reports) collapse; other notes stay apart.
    private static func sameKind(_ a: TraceEvent, _ b: TraceEvent) -> Bool {
        ["upload progress", "download progress"].contains { a.detail.hasPrefix($0) && b.detail.hasPrefix($0) }
    }

    func mask(_ text: String, _ masked: Bool) -> String {
        guard masked else { return text }
        var text = text.replacingOccurrences(of: ":\(port)", with: ":PORT")
        // The echo's size depends on the headers libcurl adds, which differ between machines.
        if variant == .get || variant == .post, text.contains("didReceive") || text.contains("didCompleteWithError") {
            text = text.replacing(/\d+ (bytes|so far)/) { "··· \($0.output.1)" }
        }
        return text
    }
}
