import Chapter08Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import TaskDelegates
import Testing

@Suite("8.2 Count the bytes")
struct DownloadCounterTests {
    @Test("A known length: the total is the Content-Length, the chunks add up")
    func knownLength() {
        var counter = DownloadCounter()
        counter.receive(expectedLength: 10)
        #expect(counter == expected(total: 10, completed: 0))
        counter.receive(byteCount: 4)
        counter.receive(byteCount: 6)
        #expect(counter == expected(total: 10, completed: 10))
        counter.finish()
        #expect(counter == expected(total: 10, completed: 10))
    }

    @Test("A chunked body: unknown until the task completes, then its length")
    func chunked() {
        var counter = DownloadCounter()
        counter.receive(expectedLength: -1)
        counter.receive(byteCount: 300)
        #expect(counter == expected(total: -1, completed: 300))
        counter.finish()
        #expect(counter == expected(total: 300, completed: 300))
    }

    @Test("A second response starts the count again")
    func secondResponse() {
        var counter = DownloadCounter()
        counter.receive(expectedLength: 23)
        counter.receive(byteCount: 23)
        counter.receive(expectedLength: 36)
        #expect(counter == expected(total: 36, completed: 0))
    }

    @Test("An empty response after a sized one makes the total unknown, never 0")
    func neverBackToZero() {
        var counter = DownloadCounter()
        counter.receive(expectedLength: 12)
        counter.receive(byteCount: 12)
        counter.receive(expectedLength: 0)
        #expect(counter == expected(total: -1, completed: 0))
        var fresh = DownloadCounter()
        fresh.receive(expectedLength: 0)
        #expect(fresh == expected(total: 0, completed: 0))
    }

    @Test("The upload total falls back to Content-Length when URLSession does not know it")
    func upload() {
        #expect(uploadTotal(reported: 1000, contentLength: nil) == 1000)
        #expect(uploadTotal(reported: 1000, contentLength: "5") == 1000)
        #expect(uploadTotal(reported: 0, contentLength: "2048") == 2048)
        #expect(uploadTotal(reported: -1, contentLength: "2048") == 2048)
        #expect(uploadTotal(reported: 0, contentLength: nil) == -1)
        #expect(uploadTotal(reported: -1, contentLength: "many") == -1)
        #expect(uploadTotal(reported: 0, contentLength: "0") == -1)
    }

    @Test("Event by event, the counter agrees with chapter 8's TaskDelegate on 64 scripted sequences")
    func agreesWithTaskDelegate() {
        let lengths: [Int64] = [-1, 0, 7, 12]
        var differences: [String] = []
        for first in lengths {
            for second in lengths {
                for chunks in [[], [7], [3, 4], [5, 5, 2]] {
                    if let difference = firstDifference(first: first, second: second, chunks: chunks) { differences.append(difference) }
                }
            }
        }
        // The count, not the list, in the expectation: Swift Testing prints the values of the
        // expression it checks, and 48 differences would bury the first one.
        let differing = differences.count
        #expect(differing == 0, "\(differing) of 64 sequences differ; the first: \(differences.first ?? "")")
    }

    /// Feeds one sequence to a `TaskDelegate` and to the counter, and describes the first event
    /// after which they disagree, or returns nil.
    private func firstDifference(first: Int64, second: Int64, chunks: [Int]) -> String? {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let delegate = TaskDelegate(task: session.dataTask(with: URL(string: "http://127.0.0.1:9/")!), notificationCenter: NotificationCenter())
        var counter = DownloadCounter()
        var events: [String] = []
        func compare() -> String? {
            let progress = delegate.downloadProgress
            guard counter.total != progress.totalUnitCount || counter.completed != progress.completedUnitCount else { return nil }
            return "after \(events.joined(separator: ", ")): yours says \(counter.completed) of \(counter.total), "
                + "the task delegate's progress \(progress.completedUnitCount) of \(progress.totalUnitCount)"
        }
        for length in [first, second] {
            delegate.didReceive(response: Self.response(length))
            counter.receive(expectedLength: length)
            events.append("a response of length \(length)")
            if let difference = compare() { return difference }
            for chunk in chunks {
                delegate.didReceive(data: Data(count: chunk))
                counter.receive(byteCount: chunk)
                events.append("\(chunk) bytes")
                if let difference = compare() { return difference }
            }
        }
        let queue = DispatchQueue(label: "8.2")
        delegate.didComplete(error: nil, context: CompletionContext(
            responseSerializer: HTTPResponseSerializer(), processingQueue: queue, completionQueue: queue,
            completionGroup: DispatchGroup(), notificationQueue: queue))
        // Serializer, handler, notification: three hops on one serial queue, each queued by the last.
        for _ in 0..<3 { queue.sync {} }
        counter.finish()
        events.append("completion")
        return compare()
    }

    private static func response(_ length: Int64) -> HTTPURLResponse {
        let headers = length < 0 ? ["Transfer-Encoding": "chunked"] : ["Content-Length": "\(length)"]
        return HTTPURLResponse(url: URL(string: "http://127.0.0.1:9/")!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    private func expected(total: Int64, completed: Int64) -> CounterValue { CounterValue(total: total, completed: completed) }
}

/// The two numbers a counter shows, to compare with.
struct CounterValue: Equatable {
    var total: Int64
    var completed: Int64
}

func == (counter: DownloadCounter, value: CounterValue) -> Bool {
    counter.total == value.total && counter.completed == value.completed
}
