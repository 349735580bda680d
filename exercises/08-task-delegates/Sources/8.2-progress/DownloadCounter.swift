import Foundation

/// The download side of a data task's progress, counted by hand, as chapter 8's `TaskDelegate`
/// counts it: on Linux `countOfBytesReceived` stays 0 for a data task, so nobody else will.
///
/// `total` and `completed` are what the task's download `Progress` shows after each event:
/// `completed` adds up the bytes `urlSession(_:dataTask:didReceive:)` hands over, and `total` is
/// what the bar fills towards, -1 while it is unknown.
///
/// As given, this is chapter 8's counter: a new response starts the count again, a chunked body
/// is unknown until the task completes, and a total never goes from above 0 back to 0.
public struct DownloadCounter: Equatable, Sendable {
    public private(set) var total: Int64 = -1
    public private(set) var completed: Int64 = 0

    public init() {}

    /// A response arrived: `expectedLength` is its `expectedContentLength` (-1 when the server
    /// sent no length), `contentEncoding` its `Content-Encoding` header, nil when there is none.
    public mutating func receive(expectedLength: Int64, contentEncoding: String?) {
        // TODO(8.2): this trusts the length of every response. A server that compresses its
        // body makes that wrong: the bar stops short of its end, or runs past it. Find out why,
        // and change the rule.
        let proposed = expectedLength < 0 ? -1 : expectedLength
        // Foundation traps when a total goes from above 0 back to 0: make it unknown instead.
        total = total > 0 && proposed == 0 ? -1 : proposed
        completed = 0
    }

    /// A chunk of `byteCount` bytes of the body arrived.
    public mutating func receive(byteCount: Int) {
        completed += Int64(byteCount)
    }

    /// The task completed without an error: a body of unknown length is now known.
    public mutating func finish() {
        if total < 0 && completed > 0 { total = completed }
    }
}
