/// What a session delegate sees, in order, during one task (exercise 8.1). Consecutive chunks of
/// one body count as one `.data`.
public enum Event: Equatable, Sendable {
    /// `didReceive response` with this status code.
    case response(status: Int)
    /// `didReceive data`: (some of) the body of the response before it.
    case data
    /// `didReceive challenge`: the task-level authentication challenge.
    case challenge
    /// `didCompleteWithError`.
    case complete
}

/// The reference predictions for exercise 8.1.
public enum Predictions {
    /// On Linux the 401 and its body reach the delegate first; only then is the challenge asked,
    /// and the retry brings a second response with its own body.
    public static let events: [Event]? = [.response(status: 401), .data, .challenge, .response(status: 200), .data, .complete]

    /// Appending every chunk glues the two bodies together.
    public static let naiveBufferHolds: [Int]? = [401, 200]

    /// The second response emptied the buffer.
    public static let taskDelegateBufferHolds: [Int]? = [200]
}
