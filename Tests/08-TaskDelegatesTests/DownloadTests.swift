import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import TaskDelegates
import TestSupport
import Testing

/// Scripted downloads: the move, its two notifications, the temporary file, the progress.
@Suite("Downloads")
struct DownloadTests {
    @Test(
        "A finished download is moved to its destination, the success notification is posted, and the handler gets the file's URL"
    )
    func moved() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let temporary = try temporaryFile("downloaded")
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("moved-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: target) }
        let delegate = recorder.delegate(for: scriptedDownloadTask()) { location, _ in
            #expect(location == temporary)
            return target
        }
        // An observer may ask the delegate anything: the move is posted with no lock held, and
        // the delegate knows where the file went by then.
        let seenByObserver = Locked<[URL?]>([])
        let observer = recorder.center.addObserver(
            forName: .downloadTaskDidMoveFileSuccessfully, object: nil, queue: nil
        ) { _ in
            seenByObserver.withLock { $0.append(delegate.downloadFileURL) }
        }
        defer { recorder.center.removeObserver(observer) }
        delegate.didFinishDownloading(to: temporary, movingTo: delegate.proposedDestination(for: temporary))
        #expect(seenByObserver.value == [target])
        delegate.didComplete(error: nil, context: queues.context(HTTPResponseSerializer()))
        try await recorder.waitForCompletion()

        #expect(try String(contentsOf: target, encoding: .utf8) == "downloaded")
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
        #expect(delegate.downloadFileURL == target)
        #expect(recorder.posted.value.map(\.name) == [.downloadTaskDidMoveFileSuccessfully, .taskDidComplete])
        #expect(recorder.posted.value.first?.keys == [])
        #expect(recorder.call?.object == .url(target))
        let posted = recorder.completionNotification
        #expect(posted?.assetPath == target)
        #expect(posted?.keys.contains(TaskDidCompleteKey.responseData) == false)
        #expect(posted?.serializedResponse == .url(target))
    }

    @Test(
        "A move that fails posts the failure notification, still hands the destination to the handler, keeps the serializer's error and deletes the temporary file"
    )
    func moveFails() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let temporary = try temporaryFile("downloaded")
        let impossible = URL(fileURLWithPath: "/nonexistent/dir/file")
        let delegate = recorder.delegate(for: scriptedDownloadTask()) { _, _ in impossible }
        delegate.didFinishDownloading(to: temporary, movingTo: delegate.proposedDestination(for: temporary))
        delegate.didComplete(error: nil, context: queues.context(RefusingSerializer()))
        try await recorder.waitForCompletion()

        #expect(recorder.posted.value.map(\.name) == [.downloadTaskDidFailToMoveFile, .taskDidComplete])
        #expect(recorder.posted.value.first?.objectIsTask == true)
        let expectedKeys = try moveErrorKeys(to: impossible)
        #expect(
            !expectedKeys.isEmpty && recorder.posted.value.first?.keys == expectedKeys,
            "the failure notification's userInfo is the file manager error's own: \(expectedKeys.sorted())")
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
        #expect(!FileManager.default.fileExists(atPath: impossible.path))
        #expect(recorder.call?.object == .url(impossible))
        #expect(recorder.call?.serializationError?.reason == .unacceptableStatusCode(418))
        #expect(recorder.completionNotification?.assetPath == impossible)
    }

    @Test("Without a destination the temporary file is deleted (Linux leaves it behind), and the handler gets no URL")
    func noDestination() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let temporary = try temporaryFile("downloaded")
        let delegate = recorder.delegate(for: scriptedDownloadTask())
        delegate.didFinishDownloading(to: temporary, movingTo: delegate.proposedDestination(for: temporary))
        delegate.didComplete(error: nil, context: queues.context(HTTPResponseSerializer()))
        try await recorder.waitForCompletion()

        #expect(!FileManager.default.fileExists(atPath: temporary.path))
        #expect(delegate.downloadFileURL == nil)
        #expect(recorder.posted.value.map(\.name) == [.taskDidComplete])
        #expect(recorder.completionNotification?.keys.contains(TaskDidCompleteKey.responseData) == true)
    }

    @Test("A download that finishes after its task completed is deleted, not moved, and posts no move notification")
    func finishedAfterCompletion() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let temporary = try temporaryFile("late")
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("late-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: target) }
        let delegate = recorder.delegate(for: scriptedDownloadTask()) { _, _ in target }
        delegate.didComplete(error: URLError(.cancelled), context: queues.context(HTTPResponseSerializer()))
        try await recorder.waitForCompletion()
        delegate.didFinishDownloading(to: temporary, movingTo: delegate.proposedDestination(for: temporary))
        #expect(!FileManager.default.fileExists(atPath: temporary.path), "the temporary file was left behind")
        #expect(
            !FileManager.default.fileExists(atPath: target.path),
            "the file was moved for a task that had already completed")
        #expect(recorder.posted.value.map(\.name) == [.taskDidComplete])
        #expect(delegate.downloadFileURL == nil)
    }

    @Test("Download progress follows a resume offset, then the bytes written, on the delegate queue")
    func progress() async {
        let recorder = Recorder()
        let queue = serialQueue()
        let delegate = recorder.delegate(for: scriptedDownloadTask(), delegateQueue: queue)
        await on(queue) {
            delegate.didResume(atOffset: 400, expectedTotalBytes: 1000)
            delegate.didWriteData(totalBytesWritten: 700, totalBytesExpectedToWrite: 1000)
            delegate.didWriteData(totalBytesWritten: 1000, totalBytesExpectedToWrite: 1000)
        }
        #expect(recorder.downloads.value.map(\.fraction) == [0.4, 0.7, 1.0])
        #expect(recorder.downloads.value.allSatisfy { $0.onDelegateQueue })
    }
}

/// The keys of the `userInfo` of the error the file manager throws when it moves a file to `target`.
func moveErrorKeys(to target: URL) throws -> Set<String> {
    let probe = try temporaryFile("probe")
    defer { try? FileManager.default.removeItem(at: probe) }
    do {
        try FileManager.default.moveItem(at: probe, to: target)
        return []
    } catch {
        return Set((error as NSError).userInfo.keys)
    }
}
