import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

/// How the task ends: `didCompleteWithError` with no error, or with a `URLError` of this code.
public enum Ending: Equatable, Sendable {
    case noError
    case urlError(URLError.Code)
}

/// The reference predictions for exercise 8.1.
public enum Predictions {
    /// On Linux each 401 and its body reach the delegate before the challenge that follows them. The
    /// wrong password brings a second 401, and so a second challenge, which is cancelled.
    public static let events: [Event]? = [
        .response(status: 401), .data, .challenge,
        .response(status: 401), .data, .challenge,
        .complete,
    ]

    /// Appending every chunk keeps both 401 bodies, one after the other.
    public static let naiveBufferHolds: [Int]? = [401, 401]

    /// The second 401 emptied the buffer: what is left is the last 401's body.
    public static let taskDelegateBufferHolds: [Int]? = [401]

    /// Cancelling a challenge cancels the task: -999, as if `cancel()` had been called.
    public static let ending: Ending? = .urlError(.cancelled)
}
