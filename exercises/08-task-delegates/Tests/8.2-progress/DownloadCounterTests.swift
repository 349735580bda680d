import Chapter08Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import Locking
import Testing

@Suite("8.2 Count the bytes of a compressed body")
struct DownloadCounterTests {
    @Test("A gzip body announced as 100 bytes arrives as 300: the total stays unknown, then is what arrived")
    func compressed() {
        var run = Run()
        run.response(length: 100, encoding: "gzip")
        run.chunk(150)
        run.chunk(150)
        run.finish()
        run.expect([(-1, 0), (-1, 150), (-1, 300), (300, 300)])
    }

    @Test("Every coding but identity makes the length unknown, whatever the case of its name; identity or none keeps it", arguments: [
        ("gzip", -1), ("GZip", -1), ("deflate", -1), ("br", -1), ("x-gzip", -1), ("gzip, br", -1), ("identity", 80), ("Identity", 80),
    ] as [(String, Int64)])
    func codings(encoding: String, total: Int64) {
        var run = Run()
        run.response(length: 80, encoding: encoding)
        run.expect([(total, 0)])
        var plain = Run()
        plain.response(length: 80, encoding: nil)
        plain.expect([(80, 0)])
    }

    @Test("A coding the counter does not know is a coding too: zstd, compress, aes128gcm, one not named yet", arguments: [
        "zstd", "compress", "x-compress", "aes128gcm", "snappy", "identity, zstd",
    ])
    func unknownCodings(encoding: String) {
        // Whether the transport decodes a coding is not the counter's to know: it depends on how
        // libcurl was built (Debian 12's 7.88 decodes zstd and brotli) or on Apple's release. Only
        // a body that says it is not encoded is measured by its length.
        var run = Run()
        run.response(length: 80, encoding: encoding)
        run.expect([(-1, 0)])
    }

    @Test("A compressed 401, then a plain 200: the count starts again, and the 200's length is its total")
    func compressedThenPlain() {
        var run = Run()
        run.response(length: 30, encoding: "gzip")
        run.chunk(40)
        run.response(length: 12, encoding: nil)
        run.chunk(12)
        run.finish()
        run.expect([(-1, 0), (-1, 40), (12, 0), (12, 12), (12, 12)])
    }

    @Test("A compressed 401, then an empty 204 with Content-Length 0: an empty plain body's total is known, and it is 0")
    func compressedThenEmpty() {
        var run = Run()
        run.response(length: 30, encoding: "gzip")
        run.chunk(40)
        run.response(length: 0, encoding: nil)
        run.finish()
        run.expect([(-1, 0), (-1, 40), (0, 0), (0, 0)],
                   because: "an encoded body's length is unknown, but 0 on a body with no coding is a length like any other, not a missing one: an empty body's bar is full, not waiting")
    }

    @Test("A real exchange with HTTPBin's /gzip: never past the total, and ending at it")
    func realExchange() async throws {
        let server = try await HTTPBin.start()
        let watched = try await Watcher.fetch(server.url("/gzip"))
        try await server.shutdown()
        // What makes this exchange a test: the length on the wire is not what arrives.
        #expect(watched.encoding == "gzip")
        #expect(watched.contentLength != watched.received, "HTTPBin's gzip body was the same size as its decoded body")
        let past = watched.states.first { $0.total >= 0 && $0.completed > $0.total }
        #expect(past == nil, "after \(past?.event ?? ""), your counter shows \(past?.completed ?? 0) of \(past?.total ?? 0)")
        let last = watched.states.last
        #expect(last?.total == Int64(watched.received) && last?.completed == Int64(watched.received),
                "at the end your counter shows \(last?.completed ?? 0) of \(last?.total ?? 0), and \(watched.received) bytes arrived")
    }
}

/// A script of events fed to one counter, and what it showed after each.
struct Run {
    var counter = DownloadCounter()
    var events: [String] = []
    var shown: [(total: Int64, completed: Int64)] = []

    mutating func response(length: Int64, encoding: String?) {
        counter.receive(expectedLength: length, contentEncoding: encoding)
        note("a response of length \(length)" + (encoding.map { ", Content-Encoding: \($0)" } ?? ""))
    }

    mutating func chunk(_ bytes: Int) {
        counter.receive(byteCount: bytes)
        note("\(bytes) bytes")
    }

    mutating func finish() {
        counter.finish()
        note("completion")
    }

    private mutating func note(_ event: String) {
        events.append(event)
        shown.append((counter.total, counter.completed))
    }

    /// Compares what the counter showed after each event with `expected`, and names the first
    /// event after which they differ.
    func expect(_ expected: [(total: Int64, completed: Int64)], because reason: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, (seen, wanted)) in zip(shown, expected).enumerated() where seen.total != wanted.total || seen.completed != wanted.completed {
            let after = events[...index].joined(separator: ", ")
            Issue.record(
                "after \(after): your counter shows \(seen.completed) of \(seen.total), not \(wanted.completed) of \(wanted.total)\(reason.map { ": \($0)" } ?? "")",
                sourceLocation: sourceLocation)
            return
        }
    }
}

/// Fetches one URL with a session delegate that feeds a `DownloadCounter` and notes what it
/// showed after every event.
final class Watcher: NSObject, URLSessionDataDelegate, Sendable {
    struct State: Sendable {
        var event: String
        var total: Int64
        var completed: Int64
    }

    struct Watched: Sendable {
        var counter = DownloadCounter()
        var states: [State] = []
        var encoding: String?
        var contentLength: Int64 = -1
        var received = 0
        var error: String?
    }

    let watched = Protected(Watched())
    let done = Protected<CheckedContinuation<Void, Never>?>(nil)

    static func fetch(_ url: URL) async throws -> Watched {
        let watcher = Watcher()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration, delegate: watcher, delegateQueue: queue)
        await withCheckedContinuation { continuation in
            watcher.done.withLock { $0 = continuation }
            session.dataTask(with: url).resume()
        }
        session.finishTasksAndInvalidate()
        let watched = watcher.watched.withLock { $0 }
        if let error = watched.error { Issue.record("the request failed: \(error)") }
        return watched
    }

    private func note(_ event: String, _ change: (inout DownloadCounter) -> Void) {
        watched.withLock { watched in
            change(&watched.counter)
            watched.states.append(State(event: event, total: watched.counter.total, completed: watched.counter.completed))
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
        watched.withLock {
            $0.encoding = encoding
            $0.contentLength = response.expectedContentLength
        }
        note("the response (Content-Length \(response.expectedContentLength), Content-Encoding \(encoding ?? "none"))") {
            $0.receive(expectedLength: response.expectedContentLength, contentEncoding: encoding)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        watched.withLock { $0.received += data.count }
        note("a chunk of \(data.count) bytes") { $0.receive(byteCount: data.count) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            watched.withLock { $0.error = "\(error)" }
        } else {
            note("completion") { $0.finish() }
        }
        done.withLock { $0 }?.resume()
    }
}
