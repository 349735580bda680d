import Foundation

/// The download side of a data task's progress, counted by hand, as chapter 8's `TaskDelegate`
/// counts it: on Linux `countOfBytesReceived` stays 0 for a data task, so nobody else will.
///
/// `total` and `completed` are what the task's download `Progress` shows after each event:
/// `completed` adds up the bytes `urlSession(_:dataTask:didReceive:)` hands over, and `total` is
/// what the bar fills towards, -1 while it is unknown.
///
/// Chapter 8's counter, with one more rule: the length of an encoded body is unknown. Its
/// `Content-Length` counts the bytes on the wire, and URLSession hands over the decoded ones
/// (libcurl decodes gzip on Linux): more when the server compressed, fewer when it did not
/// manage to (HTTPBin's gzip is stored, not compressed). Counted against the wrong total, the
/// bar runs past its end or never reaches it.
public struct DownloadCounter: Equatable, Sendable {
    public private(set) var total: Int64 = -1
    public private(set) var completed: Int64 = 0

    public init() {}

    /// A response arrived: `expectedLength` is its `expectedContentLength` (-1 when the server
    /// sent no length), `contentEncoding` its `Content-Encoding` header, nil when there is none.
    public mutating func receive(expectedLength: Int64, contentEncoding: String?) {
        let measuresWhatArrives = expectedLength >= 0 && !Self.isEncoded(contentEncoding)
        let proposed = measuresWhatArrives ? expectedLength : -1
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

    /// Whether a `Content-Encoding` value names any coding at all. It lists the codings applied,
    /// comma-separated; names are case-insensitive (RFC 9110, section 8.4.1), and `identity`
    /// means none.
    static func isEncoded(_ contentEncoding: String?) -> Bool {
        guard let contentEncoding else { return false }
        return contentEncoding.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .contains { !$0.isEmpty && $0 != "identity" }
    }
}
