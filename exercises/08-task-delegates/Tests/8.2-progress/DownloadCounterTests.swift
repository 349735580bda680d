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
        for first in lengths {
            for second in lengths {
                for chunks in [[], [7], [3, 4], [5, 5, 2]] {
                    compareWithTaskDelegate(first: first, second: second, chunks: chunks)
                }
            }
        }
    }

    private func compareWithTaskDelegate(first: Int64, second: Int64, chunks: [Int]) {
        let session = URLSession(configuration: .ephemeral)
        let delegate = TaskDelegate(task: session.dataTask(with: URL(string: "http://127.0.0.1:9/")!), notificationCenter: NotificationCenter())
        var counter = DownloadCounter()
        let label = "responses \(first), \(second), chunks \(chunks)"
        for length in [first, second] {
            delegate.didReceive(response: Self.response(length))
            counter.receive(expectedLength: length)
            #expect(counter == observed(delegate.downloadProgress), "\(label)")
            for chunk in chunks {
                delegate.didReceive(data: Data(count: chunk))
                counter.receive(byteCount: chunk)
                #expect(counter == observed(delegate.downloadProgress), "\(label)")
            }
        }
        let queue = DispatchQueue(label: "8.2")
        delegate.didComplete(error: nil, context: CompletionContext(
            responseSerializer: HTTPResponseSerializer(), processingQueue: queue, completionQueue: queue,
            completionGroup: DispatchGroup(), notificationQueue: queue))
        // Serializer, handler, notification: three hops on one serial queue, each queued by the last.
        for _ in 0..<3 { queue.sync {} }
        counter.finish()
        #expect(counter == observed(delegate.downloadProgress), "\(label), completed")
        session.invalidateAndCancel()
    }

    private static func response(_ length: Int64) -> HTTPURLResponse {
        let headers = length < 0 ? ["Transfer-Encoding": "chunked"] : ["Content-Length": "\(length)"]
        return HTTPURLResponse(url: URL(string: "http://127.0.0.1:9/")!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    private func expected(total: Int64, completed: Int64) -> CounterValue { CounterValue(total: total, completed: completed) }
    private func observed(_ progress: Progress) -> CounterValue {
        CounterValue(total: progress.totalUnitCount, completed: progress.completedUnitCount)
    }
}

/// The two numbers a counter shows, to compare with.
struct CounterValue: Equatable {
    var total: Int64
    var completed: Int64
}

func == (counter: DownloadCounter, value: CounterValue) -> Bool {
    counter.total == value.total && counter.completed == value.completed
}
