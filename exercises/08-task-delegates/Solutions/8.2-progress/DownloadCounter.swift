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
        let proposed = expectedLength < 0 ? -1 : expectedLength
        // Foundation traps when a total goes from above 0 back to 0: make it unknown instead.
        total = total > 0 && proposed == 0 ? -1 : proposed
        completed = 0
    }

    /// A chunk of `byteCount` bytes of the body arrived.
    public mutating func receive(byteCount: Int) {
        completed += Int64(byteCount)
    }

    /// The task completed without an error.
    public mutating func finish() {
        if total < 0 && completed > 0 { total = completed }
    }
}

/// The total to show for the request body, given the total URLSession reported (-1 on Darwin,
/// 0 on Linux when it does not know) and the request's `Content-Length` header, if any.
public func uploadTotal(reported: Int64, contentLength: String?) -> Int64 {
    if reported > 0 { return reported }
    guard let length = contentLength.flatMap({ Int64($0) }), length > 0 else { return -1 }
    return length
}
