import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import ResponseParsing
import ResponseValidation
import TaskDelegates
import TestSupport
import Testing

/// What Foundation's URLSession does differently on Linux, each fact a reason for something the
/// task delegate does. One test per aside in chapter 8.
@Suite("What the delegate works around")
struct FoundationDifferenceTests {
    @Test("A data task's own byte count stays 0 on Linux, so the delegate counts the bytes itself")
    func countOfBytesReceived() async throws {
        let (recorder, delegate) = try await load(serializer: HTTPResponseSerializer()) { server, session in
            session.dataTask(with: server.url("/bytes/40000"))
        }
        #expect(recorder.completionNotification?.data?.count == 40_000)
        #expect(delegate.downloadProgress.completedUnitCount == 40_000)
        #if canImport(FoundationNetworking)
        #expect(delegate.task.countOfBytesReceived == 0)
        #else
        #expect(delegate.task.countOfBytesReceived == 40_000)
        #endif
    }

    @Test("A body stream's unknown length is reported as 0 on Linux (-1 on Darwin); the delegate shows it as unknown")
    func streamedUploadTotal() async throws {
        let raw = RawEvents()
        let server = try await HTTPBin.start()
        let session = URLSession(configuration: .ephemeral, delegate: raw, delegateQueue: nil)
        var request = URLRequest(url: server.url("/post"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data(count: 100_000))
        session.dataTask(with: request).resume()
        await raw.waitForCompletion()
        session.finishTasksAndInvalidate()
        try await server.shutdown()

        let reported = try #require(raw.expectedToSend.value.last)
        #if canImport(FoundationNetworking)
        #expect(reported == 0)
        #else
        #expect(reported == NSURLSessionTransferSizeUnknown)
        #endif
        #expect(
            ProgressBookkeeping.uploadTotal(
                reported: reported, declared: ProgressBookkeeping.declaredLength(of: request)) == -1)
    }

    @Test(
        "A download's temporary file is still there after the callback on Linux (Darwin deletes it), so the delegate deletes what it does not move"
    )
    func temporaryFileLeftBehind() async throws {
        let raw = RawEvents()
        let server = try await HTTPBin.start()
        let session = URLSession(configuration: .ephemeral, delegate: raw, delegateQueue: nil)
        session.downloadTask(with: server.url("/bytes/1000")).resume()
        await raw.waitForCompletion()
        session.finishTasksAndInvalidate()
        try await server.shutdown()

        let location = try #require(raw.location.value)
        defer { try? FileManager.default.removeItem(at: location) }
        #if canImport(FoundationNetworking)
        #expect(FileManager.default.fileExists(atPath: location.path))
        #else
        #expect(!FileManager.default.fileExists(atPath: location.path))
        #endif
    }

    #if canImport(FoundationNetworking)
    @Test(
        "On Linux a Progress whose total goes from above 0 back to 0 traps, which the delegate never lets happen (child process)"
    )
    func progressTotalTrap() async {
        await #expect(processExitsWith: .failure) {
            let progress = Progress(totalUnitCount: 12)
            progress.completedUnitCount = 12
            progress.totalUnitCount = 0
        }
        // The child ends with 73 when it got through, a failure status on purpose: an exit test
        // hands back the child's stderr only when its status matches, and that stderr (a trap's
        // message, its file and line) is all that can say why a child died.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let delegate = TaskDelegate(task: scriptedTask(), notificationCenter: NotificationCenter())
            delegate.didReceive(response: response(401, ["Content-Length": "12"]))
            delegate.didReceive(data: Data(count: 12))
            delegate.didReceive(response: response(200, ["Content-Length": "0"]))
            exit(73)
        }
        if let result, result.exitStatus != .exitCode(73) {
            let stderr = String(decoding: result.standardErrorContent.prefix(2000), as: UTF8.self)
            Issue.record("the child process ended with \(result.exitStatus); it wrote to stderr:\n\(stderr)")
        }
    }
    #endif

    @Test("The default completion queue is the main queue, as in AFNetworking")
    func defaultQueues() {
        let context = CompletionContext()
        // `DispatchQueue.main` is a new wrapper each time on Linux: compare what it wraps.
        #expect(context.completionQueue.label == DispatchQueue.main.label)
        #expect(context.notificationQueue.label == DispatchQueue.main.label)
        #expect(context.processingQueue === CompletionContext.sharedProcessingQueue)
        #expect(context.completionGroup === CompletionContext.sharedCompletionGroup)
        #expect(context.responseSerializer is JSONResponseSerializer)
    }
}

/// Swift Testing's runner is an async `main`: it leaves the main queue to the runtime, which
/// drains it. (A command-line program has to do the same: `dispatchMain()`, `RunLoop.main.run()`
/// or an async `main`.) So a task delegate with AFNetworking's default queues completes in a test.
/// On Linux the drained main queue runs on a worker thread once the main thread is parked, so
/// `Thread.isMainThread` is false there even on the main queue.
@Test("With the default queues the handler runs on the main queue (on Linux, not on the main thread)")
func mainQueueRuns() async throws {
    let key = DispatchSpecificKey<String>()
    DispatchQueue.main.setSpecific(key: key, value: "main")
    let recorder = Recorder()
    let task = scriptedTask()
    let seen = Locked<[String]>([])
    let delegate = TaskDelegate(task: task, notificationCenter: recorder.center) { _, _, _ in
        seen.withLock { $0.append(DispatchQueue.getSpecific(key: key) ?? "other") }
        seen.withLock { $0.append(Thread.isMainThread ? "main thread" : "another thread") }
    }
    _ = recorder.delegate(for: task)  // only to observe the notification
    delegate.didComplete(error: URLError(.cancelled), context: CompletionContext())
    try await recorder.waitForCompletion()
    #if canImport(FoundationNetworking)
    #expect(seen.value == ["main", "another thread"])
    #else
    #expect(seen.value == ["main", "main thread"])
    #endif
}

/// A session delegate that only notes what URLSession itself reports.
private final class RawEvents: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    let expectedToSend = Locked<[Int64]>([])
    let location = Locked<URL?>(nil)
    private let done = AsyncStream<Void>.makeStream()

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        expectedToSend.withLock { $0.append(totalBytesExpectedToSend) }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        self.location.withLock { $0 = location }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        done.continuation.yield()
    }

    func waitForCompletion() async {
        for await _ in done.stream { return }
    }
}
