import Chapter13Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import NetworkActivity
import SessionManager
import TaskDelegates
import Testing

/// The spinner's spans, against AFNetworking's indicator itself (the course's, on a clock the
/// test moves) when there is no minimum, and against the same rules stepped through time one
/// millisecond at a time when there is.
@Suite("13.2 A spinner that stays long enough")
struct SpinnerSpansTests {
    @Test("With no minimum, the spans are the course's activity indicator's, on 150 random timelines; with one, a flash lasts it")
    func noMinimumIsAFNetworking() {
        #expect(spinnerSpans(for: [TaskSpan(0, 1050)], minimumVisible: 300) == [SpinnerSpan(shown: 1000, hidden: 1300)])
        var generator = SplitMix(seed: 132)
        var wrong: [String] = []
        for _ in 0..<150 {
            let tasks = Self.randomTasks(using: &generator)
            let spans = spinnerSpans(for: tasks, minimumVisible: 0)
            let indicator = Self.indicatorSpans(for: tasks)
            if spans != indicator { wrong.append("\(tasks.map { "\($0.start)-\($0.end)" }): \(spans), the indicator \(indicator)") }
        }
        #expect(wrong.count == 0, "\(wrong.count) of 150 differ; the first: \(wrong.first ?? "")")
    }

    @Test("A task that ends 50 ms after the spinner showed keeps it on screen for the minimum")
    func flash() {
        #expect(spinnerSpans(for: [TaskSpan(0, 1050)]) == [SpinnerSpan(shown: 1000, hidden: 1500)])
    }

    @Test("A long task hides the completion delay after it ends, as before (the minimum is long past); a short one later gets the minimum")
    func longTask() {
        #expect(
            spinnerSpans(for: [TaskSpan(0, 3000), TaskSpan(5000, 6050)])
                == [SpinnerSpan(shown: 1000, hidden: 3170), SpinnerSpan(shown: 6000, hidden: 6500)])
    }

    @Test("The minimum counts from the moment the spinner showed, not from a task's start or end")
    func fromTheMomentShown() {
        #expect(spinnerSpans(for: [TaskSpan(500, 1600)]) == [SpinnerSpan(shown: 1500, hidden: 2000)])
        #expect(spinnerSpans(for: [TaskSpan(0, 1400)]) == [SpinnerSpan(shown: 1000, hidden: 1570)])
    }

    @Test("A task that starts while the minimum holds the spinner keeps it on screen: one span, no flicker")
    func noFlicker() {
        #expect(spinnerSpans(for: [TaskSpan(0, 1050), TaskSpan(1300, 3000)]) == [SpinnerSpan(shown: 1000, hidden: 3170)])
        #expect(spinnerSpans(for: [TaskSpan(0, 1050), TaskSpan(1300, 1400)]) == [SpinnerSpan(shown: 1000, hidden: 1570)])
    }

    @Test("Back on screen from the completion delay, the spinner keeps the moment it first showed")
    func minimumDoesNotRestart() {
        #expect(spinnerSpans(for: [TaskSpan(0, 1050), TaskSpan(1100, 1150)]) == [SpinnerSpan(shown: 1000, hidden: 1500)])
    }

    @Test("Shown again after it went back to rest, it gets the minimum again")
    func secondEpisode() {
        #expect(
            spinnerSpans(for: [TaskSpan(0, 1050), TaskSpan(4000, 5100)])
                == [SpinnerSpan(shown: 1000, hidden: 1500), SpinnerSpan(shown: 5000, hidden: 5500)])
    }

    @Test("On 300 random timelines, the same spans as the rules stepped one millisecond at a time")
    func randomTimelines() {
        var generator = SplitMix(seed: 132)
        var wrong: [String] = []
        for _ in 0..<300 {
            let tasks = Self.randomTasks(using: &generator)
            let minimum = [250, 500, 2000].randomElement(using: &generator)!
            let spans = spinnerSpans(for: tasks, minimumVisible: minimum)
            let expected = Self.stepped(tasks, minimum: minimum)
            if spans != expected { wrong.append("minimum \(minimum), \(tasks.map { "\($0.start)-\($0.end)" }): \(spans), not \(expected)") }
        }
        #expect(wrong.count == 0, "\(wrong.count) of 300 are wrong; the first: \(wrong.first ?? "")")
    }

    /// Two to five tasks, on a 10 ms grid, over six seconds.
    static func randomTasks(using generator: inout some RandomNumberGenerator) -> [TaskSpan] {
        (0..<Int.random(in: 2...5, using: &generator)).map { _ in
            let start = Int.random(in: 0...500, using: &generator) * 10
            return TaskSpan(start, start + Int.random(in: 1...250, using: &generator) * 10)
        }
    }

    /// The same rules, one millisecond at a time: timers due now first, then ends, then starts.
    static func stepped(_ tasks: [TaskSpan], minimum: Int) -> [SpinnerSpan] {
        enum State { case rest, delayingStart(until: Int), active(since: Int), delayingEnd(since: Int, until: Int) }
        var (state, running, spans) = (State.rest, 0, [SpinnerSpan]())
        func react(_ now: Int) {
            switch state {
            case .rest where running > 0: state = .delayingStart(until: now + 1000)
            case .active(let since) where running == 0: state = .delayingEnd(since: since, until: max(now + 170, since + minimum))
            case .delayingEnd(let since, _) where running > 0: state = .active(since: since)
            default: break
            }
        }
        for now in 0...(tasks.map(\.end).max()! + 1000 + 170 + minimum + 10) {
            switch state {
            case .delayingStart(let until) where until == now: state = running > 0 ? .active(since: now) : .rest
            case .delayingEnd(let since, let until) where until == now:
                spans.append(SpinnerSpan(shown: since, hidden: now))
                state = .rest
            default: break
            }
            for task in tasks where task.end == now {
                running -= 1
                react(now)
            }
            for task in tasks where task.start == now {
                running += 1
                react(now)
            }
        }
        return spans
    }

    /// The course's indicator on a clock the test moves, with a task per span.
    static func indicatorSpans(for tasks: [TaskSpan]) -> [SpinnerSpan] {
        let (clock, center, queue) = (ManualActivityClock(), NotificationCenter(), DispatchQueue(label: "13.2 indicator"))
        let indicator = NetworkActivityIndicatorManager(notificationCenter: center, queue: queue, clock: clock)
        let shown = Protected<[Int]>([])
        indicator.setNetworkingActivityAction { _ in shown.withLock { $0.append(Int((clock.now * 1000).rounded())) } }
        indicator.isEnabled = true
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let made = tasks.map { ($0, session.dataTask(with: URL(string: "https://example.com")!)) }
        let events = made.flatMap { span, task in [(span.end, 0, task), (span.start, 1, task)] }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        for (time, isStart, task) in events {
            clock.advance(by: Double(time) / 1000 - clock.now)
            center.post(name: isStart == 1 ? .taskDidResume : .taskDidComplete, object: task)
            queue.sync {}
        }
        clock.advance(by: 10)
        let times = shown.withLock { $0 }
        return stride(from: 0, to: times.count - 1, by: 2).map { SpinnerSpan(shown: times[$0], hidden: times[$0 + 1]) }
    }
}

/// A small seeded generator, so that every run tries the same timelines.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
