import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import TaskDelegates
import TestSupport
import Testing

/// Scripted event sequences for a data task: the buffer and the download progress.
@Suite("Data events")
struct DataEventTests {
    @Test(
        "Chunks accumulate in the buffer and move the download progress against the Content-Length, on the delegate queue"
    )
    func chunks() async {
        let recorder = Recorder()
        let queue = serialQueue()
        let delegate = recorder.delegate(for: scriptedTask(), delegateQueue: queue)
        await on(queue) {
            delegate.didReceive(response: response(200, ["Content-Length": "10"]))
            delegate.didReceive(data: Data("hello".utf8))
            delegate.didReceive(data: Data("world".utf8))
        }
        #expect(delegate.data == Data("helloworld".utf8))
        #expect(recorder.downloads.value.map(\.completed) == [0, 5, 10])
        #expect(recorder.downloads.value.map(\.total) == [10, 10, 10])
        #expect(recorder.downloads.value.last?.fraction == 1.0)
        #expect(recorder.downloads.value.allSatisfy { $0.onDelegateQueue })
        #expect(recorder.uploads.value.isEmpty)
    }

    @Test("A new response starts the buffer again, so a 401 body is not glued to the 200 body that follows")
    func responseResetsBuffer() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let delegate = recorder.delegate(for: scriptedTask())
        delegate.didReceive(response: response(401, ["Content-Length": "12"]))
        delegate.didReceive(data: Data("unauthorized".utf8))
        delegate.didReceive(response: response(200, ["Content-Length": "4"]))
        delegate.didReceive(data: Data("ok!\n".utf8))
        #expect(delegate.data == Data("ok!\n".utf8))
        delegate.didComplete(error: nil, context: queues.context(HTTPResponseSerializer()))
        try await recorder.waitForCompletion()
        #expect(recorder.call?.object == .data(Data("ok!\n".utf8)))
        #expect(recorder.call?.statusCode == 200)
        #expect(recorder.downloads.value.map(\.completed) == [0, 12, 0, 4])
    }

    @Test(
        "A total never goes from above 0 back to 0 (Foundation traps): an empty response after a sized one makes it unknown"
    )
    func totalNeverBackToZero() {
        let recorder = Recorder()
        let delegate = recorder.delegate(for: scriptedTask())
        delegate.didReceive(response: response(401, ["Content-Length": "12"]))
        delegate.didReceive(data: Data("unauthorized".utf8))
        delegate.didReceive(response: response(200, ["Content-Length": "0"]))
        #expect(delegate.downloadProgress.totalUnitCount == -1)
        #expect(delegate.downloadProgress.completedUnitCount == 0)
        delegate.didReceive(data: Data("?".utf8))  // a server that breaks its own Content-Length
        #expect(delegate.downloadProgress.totalUnitCount == -1, "the total stays the one that was settled")
        #expect(ProgressBookkeeping.settableTotal(current: 12, proposed: 0) == -1)
        #expect(ProgressBookkeeping.settableTotal(current: -1, proposed: 0) == 0)
        #expect(ProgressBookkeeping.settableTotal(current: 12, proposed: 40) == 40)
    }

    @Test("A chunked body's progress stays unknown while it arrives, and shows 1.0 once the task completes")
    func chunkedProgress() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let delegate = recorder.delegate(for: scriptedTask())
        delegate.didReceive(response: response(200, ["Transfer-Encoding": "chunked"]))
        delegate.didReceive(data: Data(count: 300))
        delegate.didReceive(data: Data(count: 200))
        #expect(recorder.downloads.value.map(\.fraction) == [0, 0, 0])
        #expect(delegate.downloadProgress.totalUnitCount == -1)
        delegate.didComplete(error: nil, context: queues.context(HTTPResponseSerializer()))
        try await recorder.waitForCompletion()
        #expect(
            recorder.downloads.value.last
                == Recorder.Report(total: 500, completed: 500, fraction: 1, onDelegateQueue: false))
    }

    @Test("A task nobody watches makes no progress object; one asked for later shows the counts so far")
    func progressOnDemand() async {
        let delegate = TaskDelegate(task: scriptedTask(), notificationCenter: NotificationCenter())
        delegate.didReceive(response: response(200, ["Content-Length": "10"]))
        delegate.didReceive(data: Data("hello".utf8))
        delegate.didSendBodyData(totalBytesSent: 3, totalBytesExpectedToSend: 8)
        #expect(delegate.progressObjectsMade == (upload: false, download: false), "no handler and nobody asked")
        let download = delegate.downloadProgress
        #expect((download.totalUnitCount, download.completedUnitCount) == (10, 5))
        #expect(delegate.progressObjectsMade == (upload: false, download: true))
        #expect(delegate.downloadProgress === download, "asked twice, made once")
        delegate.didReceive(data: Data("world".utf8))
        #expect(download.completedUnitCount == 10, "once made, the events move it")
        #expect((delegate.uploadProgress.totalUnitCount, delegate.uploadProgress.completedUnitCount) == (8, 3))

        let watched = Recorder().delegate(for: scriptedTask())
        watched.didReceive(response: response(200, ["Content-Length": "10"]))
        #expect(
            watched.progressObjectsMade == (upload: false, download: true),
            "a download handler needs its progress object")
    }

    @Test("A progress handler may ask its own delegate anything: the delegate never calls out while it holds its lock")
    func handlerMayAskTheDelegate() {
        let delegateBox = Locked<TaskDelegate?>(nil)
        let seen = Locked<[String]>([])
        let delegate = TaskDelegate(
            task: scriptedTask(),
            uploadProgress: { _ in
                seen.withLock { $0.append("upload, completed: \(delegateBox.value?.hasCompleted == true)") }
            },
            downloadProgress: { _ in
                seen.withLock { $0.append("download, \(delegateBox.value?.data.count ?? -1) bytes") }
            },
            notificationCenter: NotificationCenter())
        delegateBox.withLock { $0 = delegate }
        delegate.didReceive(response: response(200, ["Content-Length": "10"]))
        delegate.didReceive(data: Data("hello".utf8))
        delegate.didSendBodyData(totalBytesSent: 3, totalBytesExpectedToSend: 8)
        #expect(seen.value == ["download, 0 bytes", "download, 5 bytes", "upload, completed: false"])
        delegateBox.withLock { $0 = nil }
    }

    @Test("A progress object kept by a caller does not keep its task alive: the control handlers hold the task weakly")
    func progressDoesNotKeepTheTask() async {
        final class WeakTask: Sendable {
            nonisolated(unsafe) weak var task: URLSessionTask?
        }
        let session = URLSession(configuration: .ephemeral)
        let weak = WeakTask()
        let progress: Progress
        do {
            let task = session.dataTask(with: URL(string: "http://127.0.0.1:1/progress")!)
            progress = TaskDelegate(task: task, notificationCenter: NotificationCenter()).downloadProgress
            weak.task = task
            task.cancel()
        }
        session.finishTasksAndInvalidate()
        #expect(
            await eventually { weak.task == nil }, "the task is still alive: the progress object's handlers hold it")
        withExtendedLifetime(progress) {}
    }

    @Test("Both progress objects start unknown (-1), cancellable and pausable")
    func progressStart() {
        let delegate = TaskDelegate(task: scriptedTask())
        for progress in [delegate.uploadProgress, delegate.downloadProgress] {
            #expect(progress.totalUnitCount == -1)
            #expect(progress.completedUnitCount == 0)
            #expect(progress.isCancellable)
            #expect(progress.isPausable)
        }
    }

    @Test(
        "Upload progress takes URLSession's total, or the request's Content-Length when the total is unknown (-1 on Darwin, 0 on Linux)",
        arguments: [
            (reported: Int64(1000), header: String?.none, expected: Int64(1000)),
            (reported: 0, header: "2048", expected: 2048),
            (reported: -1, header: "2048", expected: 2048),
            (reported: 0, header: nil, expected: -1),
            (reported: -1, header: "not a number", expected: -1),
        ])
    func uploadTotal(reported: Int64, header: String?, expected: Int64) async {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/upload")!)
        request.httpMethod = "POST"
        request.setValue(header, forHTTPHeaderField: "Content-Length")
        let recorder = Recorder()
        let queue = serialQueue()
        let delegate = recorder.delegate(for: scriptedTask(request), delegateQueue: queue)
        await on(queue) {
            delegate.didSendBodyData(totalBytesSent: 512, totalBytesExpectedToSend: reported)
        }
        #expect(
            recorder.uploads.value == [
                Recorder.Report(
                    total: expected, completed: 512, fraction: expected > 0 ? 512 / Double(expected) : 0,
                    onDelegateQueue: true)
            ])
        #expect(recorder.downloads.value.isEmpty)
    }
}
