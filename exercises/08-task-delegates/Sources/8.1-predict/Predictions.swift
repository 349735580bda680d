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

/// Your predictions for exercise 8.1 (see this chapter's README.md): a data task on Linux
/// (Swift 6.3.1) asks HTTPBin for `/basic-auth/user/pass`; its session delegate answers the first
/// challenge with the password `wrong`, and cancels any challenge after that.
///
/// Work them out from chapter 8 first, then write them here. `swift run workshop check 8.1` tells
/// you which are right.
public enum Predictions {
    // TODO(8.1): replace each nil with your prediction.

    /// Every callback the session delegate receives, in order.
    public static let events: [Event]? = nil

    /// Whose bodies a naive buffer (one that appends every chunk) holds at the end, as the status
    /// codes of the responses they came with, in order.
    public static let naiveBufferHolds: [Int]? = nil

    /// The same for a `TaskDelegate`, which starts its buffer again on every response.
    public static let taskDelegateBufferHolds: [Int]? = nil

    /// How the task ends.
    public static let ending: Ending? = nil
}
