/// The download side of a data task's progress, counted by hand, as chapter 8's `TaskDelegate`
/// counts it: on Linux `countOfBytesReceived` stays 0 for a data task, so nobody else will.
///
/// `total` and `completed` are what the task's download `Progress` shows after each event.
public struct DownloadCounter: Equatable, Sendable {
    public private(set) var total: Int64 = -1
    public private(set) var completed: Int64 = 0

    public init() {}

    /// A response arrived whose `expectedContentLength` is `expectedLength` (-1 when chunked).
    public mutating func receive(expectedLength: Int64) {
        // TODO(8.2): a new response starts the count again. Which total does it give, and which
        // total must never follow a total above 0?
    }

    /// A chunk of `byteCount` bytes of the body arrived.
    public mutating func receive(byteCount: Int) {
        // TODO(8.2)
    }

    /// The task completed without an error.
    public mutating func finish() {
        // TODO(8.2): a body of unknown length is now known.
    }
}

/// The total to show for the request body, given the total URLSession reported (-1 on Darwin,
/// 0 on Linux when it does not know) and the request's `Content-Length` header, if any.
public func uploadTotal(reported: Int64, contentLength: String?) -> Int64 {
    // TODO(8.2)
    reported
}
