import Foundation

/// One step of a request, as it happened: what, for which task, where, and when.
public struct TraceEvent: Sendable, Equatable {
    public var step: TraceStep
    /// The task's identifier, once there is a task (nil before it is created).
    public var taskIdentifier: Int?
    /// The queue or thread the step ran on (`TracePlace`).
    public var place: String
    /// What the step did, in a few words.
    public var detail: String
    /// The time since the tracer started.
    public var elapsed: Duration

    package init(step: TraceStep, taskIdentifier: Int?, place: String, detail: String, elapsed: Duration) {
        self.step = step
        self.taskIdentifier = taskIdentifier
        self.place = place
        self.detail = detail
        self.elapsed = elapsed
    }
}

// listing: tracer
/// Where the library reports the steps of the requests it makes: give one to a manager
/// (`manager.tracer = Tracer.printing()`) and every task it creates from then on reports each
/// step to `sink`, on the queue where the step ran. The sink must be quick and thread-safe:
/// it runs inside the library's queues, between the steps it reports.
public final class Tracer: Sendable {
    /// When the tracer started: events carry the time since then.
    public let origin = ContinuousClock.now
    private let sink: @Sendable (TraceEvent) -> Void

    public init(sink: @escaping @Sendable (TraceEvent) -> Void) {
        self.sink = sink
    }

    /// Reports one step to the sink. Its place and detail arrive built: `TraceSwitch.record` builds
    /// them only when a tracer is set, so a step nobody listens to builds nothing.
    package func record(_ step: TraceStep, task: Int? = nil, on place: String, _ detail: String = "") {
        sink(
            TraceEvent(
                step: step, taskIdentifier: task, place: place, detail: detail, elapsed: ContinuousClock.now - origin))
    }
}
// end-listing

extension Tracer {
    /// A tracer that prints one line per step (to standard output unless told otherwise): what a
    /// reader debugging their own requests wants first.
    public static func printing(_ write: @escaping @Sendable (String) -> Void = { print($0) }) -> Tracer {
        Tracer { write($0.line) }
    }
}

extension TraceEvent {
    /// `+  12.345 ms  task 1  delegate queue        didReceive response   200, 53 bytes  (chapter 8)`
    public var line: String {
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let task = taskIdentifier.map { "task \($0)" } ?? ""
        let chapter = step.chapter > 0 ? "  (chapter \(step.chapter))" : ""
        return "+" + String(format: "%9.3f ms", milliseconds) + "  " + task.padded(to: 7) + place.padded(to: 32)
            + step.rawValue.padded(to: 26) + detail + chapter
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
