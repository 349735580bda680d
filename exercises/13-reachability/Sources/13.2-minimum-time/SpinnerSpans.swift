/// One task: when it was resumed and when it completed, in milliseconds.
public struct TaskSpan: Equatable, Sendable {
    public var start: Int
    public var end: Int

    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = end
    }
}

/// When the spinner was on screen, in milliseconds.
public struct SpinnerSpan: Equatable, Sendable, CustomStringConvertible {
    public var shown: Int
    public var hidden: Int

    public init(shown: Int, hidden: Int) {
        self.shown = shown
        self.hidden = hidden
    }

    public var description: String { "\(shown)…\(hidden) ms" }
}

/// When a spinner shows and hides for `tasks` (all times in milliseconds), by AFNetworking's rules
/// (chapter 13, step 9): it shows `activationDelay` after the first task starts if one still runs
/// then, and hides `completionDelay` after the last one ends unless another starts first. A timer due at the same
/// moment as a task's start or end goes first; at one moment, ends go before starts.
public func spinnerSpans(
    for tasks: [TaskSpan], activationDelay: Int = 1000, completionDelay: Int = 170, minimumVisible: Int = 500
) -> [SpinnerSpan] {
    let changes = tasks.flatMap { [(time: $0.start, delta: 1), (time: $0.end, delta: -1)] }
        .sorted { ($0.time, $0.delta) < ($1.time, $1.delta) }
    var spans: [SpinnerSpan] = []
    var running = 0
    var showAt: Int?  // waiting to show
    var shownAt: Int?  // on screen since
    var hideAt: Int?  // on screen, waiting to hide
    func fireTimers(upTo time: Int) {
        if let due = showAt, due <= time {
            showAt = nil
            if running > 0 { shownAt = due }
        }
        if let due = hideAt, due <= time, let since = shownAt {
            spans.append(SpinnerSpan(shown: since, hidden: due))
            (shownAt, hideAt) = (nil, nil)
        }
    }
    for change in changes {
        fireTimers(upTo: change.time)
        running += change.delta
        if running > 0 && shownAt == nil && showAt == nil { showAt = change.time + activationDelay }
        if running > 0 { hideAt = nil }
        // TODO(13.2): a spinner shown at 1000 ms for a task that ends at 1050 ms flashes for 220 ms.
        // Keep it on screen for at least `minimumVisible` seconds, without bringing back a flicker.
        if running == 0 && shownAt != nil && hideAt == nil { hideAt = change.time + completionDelay }
    }
    fireTimers(upTo: .max)
    return spans
}
