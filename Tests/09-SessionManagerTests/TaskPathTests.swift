import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import TaskDelegates
import TestSupport
import Testing

/// AFNetworking's other ways for a task to go: a data task that becomes a download or a stream, a
/// download resumed from resume data, a task paused through its `Progress`.
@Suite("Task paths beyond request and response")
struct TaskPathTests {
    #if canImport(FoundationNetworking)
    // Darwin deprecates the plain initializers these scripted tasks need, hence Linux only; there
    // URLSession never calls the two callbacks itself (`becomeDownloadIgnoredOnLinux`).
    @Test(
        "A data task that becomes a download: its delegate moves to the download task, whose completion runs the data task's handler once"
    )
    func becomesDownload() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let session = manager.session
            let became = Locked<[String]>([])
            manager.updateHooks {
                $0.dataTaskDidBecomeDownloadTask = { _, _, download in
                    became.withLock { $0.append("hook, the row is the download's: \(manager.tasks == [download])") }
                }
            }
            let done = Locked<[Completion]>([])
            let dataTask = try manager.dataTask(
                with: harness.request("/get"),
                completionHandler: { response, object, error in
                    done.withLock { $0.append(Completion(response, object, error)) }
                })
            let downloadTask = URLSessionDownloadTask()
            let completed = harness.counter(for: .taskDidComplete)
            let objects = Locked<[ObjectIdentifier]>([])
            let observer = harness.center.addObserver(forName: .taskDidComplete, object: nil, queue: nil) {
                if let task = $0.object as? URLSessionTask { objects.withLock { $0.append(ObjectIdentifier(task)) } }
            }
            defer { harness.center.removeObserver(observer) }
            await onDelegateQueue(of: manager) {
                manager.urlSession(session, dataTask: dataTask, didBecome: downloadTask)
                manager.urlSession(session, task: downloadTask, didCompleteWithError: URLError(.cancelled))
            }
            #expect(await eventually { done.value.count == 1 && completed.value == 1 })
            #expect(became.value == ["hook, the row is the download's: true"])
            #expect(downloadTask.taskDescription == manager.taskDescriptionForSessionTasks)
            #expect(objects.value == [ObjectIdentifier(downloadTask)], "the completion was posted for another task")
            #expect(manager.taskTable.count == 0)
            dataTask.cancel()
        }
    }

    @Test("A data task that becomes a stream task: the hook hands the stream task over, and the delegate moves to it")
    func becomesStream() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let session = manager.session
            let handed = Locked<URLSessionStreamTask?>(nil)
            manager.updateHooks { $0.dataTaskDidBecomeStreamTask = { _, _, stream in handed.withLock { $0 = stream } } }
            let done = Locked(0)
            let dataTask = try manager.dataTask(
                with: harness.request("/get"), completionHandler: { _, _, _ in done.withLock { $0 += 1 } })
            let streamTask = URLSessionStreamTask()
            await onDelegateQueue(of: manager) {
                manager.urlSession(session, dataTask: dataTask, didBecome: streamTask)
            }
            #expect(handed.value === streamTask)
            #expect(manager.taskTable.delegate(for: dataTask) == nil)
            #expect(manager.taskTable.delegate(for: streamTask)?.task === streamTask)
            await onDelegateQueue(of: manager) {
                manager.urlSession(session, task: streamTask, didCompleteWithError: nil)
            }
            #expect(await eventually { done.value == 1 })
            dataTask.cancel()
        }
    }

    @Test(
        "On Linux a response hook's .becomeDownload is ignored: URLSession never makes the download, and the data task completes with its body",
        .enabled(if: onLinux, "Darwin makes the download"))
    func becomeDownloadIgnoredOnLinux() async throws {
        try await Harness.with { harness in
            let became = Locked(0)
            // By its raw value: on Linux the name itself is deprecated, with the reason ("doesn't
            // currently support turning responses into downloads dynamically").
            let becomeDownload = try #require(URLSession.ResponseDisposition(rawValue: 2))
            harness.manager.updateHooks {
                $0.dataTaskDidReceiveResponse = { _, _, _ in becomeDownload }
                $0.dataTaskDidBecomeDownloadTask = { _, _, _ in became.withLock { $0 += 1 } }
            }
            let completion = try await harness.get("/get")
            #expect(completion.status == 200)
            #expect(completion.json["path"] == "/get", "not the body of the data task: \(completion.json)")
            #expect(became.value == 0)
        }
    }

    @Test(
        "On Linux a cancelled download makes no resume data, and the manager refuses to make a download from resume data with a typed error",
        .enabled(if: onLinux, "Darwin makes resume data when the server allows it"))
    func resumeDataOnLinux() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let started = Locked(false)
            let first = try manager.downloadTask(
                with: harness.request("/drip?bytes=10&duration=5000"), progress: { _ in started.withLock { $0 = true } }
            )
            manager.resume(first)
            #expect(await eventually(within: 30) { started.value })
            let resumeData = await withCheckedContinuation { continuation in
                first.cancel { continuation.resume(returning: $0) }
            }
            #expect(resumeData == nil, "FoundationNetworking made resume data: the chapter's Linux note is out of date")
            #expect(throws: SessionManagerError.resumeDataUnsupported) {
                try manager.downloadTask(withResumeData: Data("any resume data".utf8))
            }
        }
    }

    /// The reason the manager refuses, shown on a bare session: the task FoundationNetworking makes
    /// from resume data reports its failure from a queue of its own, which may run before the
    /// session has registered the task. When a toolchain fixes that, this test fails first.
    @Test(
        "On Linux a download made from resume data and resumed at once stops the process (why the manager refuses)",
        .enabled(if: onLinux, "FoundationNetworking's crash"))
    func resumeDataCrashCause() async {
        await #expect(processExitsWith: .failure) {
            final class Delegate: NSObject, URLSessionDownloadDelegate, Sendable {
                let finished = DispatchSemaphore(value: 0)
                func urlSession(_: URLSession, downloadTask _: URLSessionDownloadTask, didFinishDownloadingTo _: URL) {}
                func urlSession(_: URLSession, task _: URLSessionTask, didCompleteWithError _: (any Error)?) {
                    finished.signal()
                }
            }
            let delegate = Delegate()
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            // Usually the first few tasks stop it; a thousand rounds make it all but certain.
            for _ in 0..<1000 {
                for _ in 0..<20 { session.downloadTask(withResumeData: Data("any".utf8)).resume() }
                for _ in 0..<20 { delegate.finished.wait() }
            }
            exit(0)
        }
    }
    #endif

    @Test(
        "Pausing and resuming a task through its Progress posts the suspend and resume notifications, as suspend(_:) does"
    )
    func progressPausePosts() async throws {
        try await Harness.with { harness in
            let resumed = harness.counter(for: .taskDidResume)
            let suspended = harness.counter(for: .taskDidSuspend)
            let manager = harness.manager
            let arrived = Locked(false)
            let task = try manager.dataTask(
                with: harness.request("/drip?bytes=60&duration=60000"),
                downloadProgress: { progress in if progress.completedUnitCount > 0 { arrived.withLock { $0 = true } } })
            let progress = try #require(manager.downloadProgress(for: task))
            manager.resume(task)
            // Paused once bytes flow: on Linux 6.3.1 a task suspended before its transfer has
            // started, then resumed, can stop the process (`_NativeProtocol.stopLoading`).
            // A byte a second for a minute: a transfer still running when it is paused, however
            // slow the machine (under the thread sanitizer, beside 373 other tests on 2 cores, a
            // 10-second drip had ended before this test paused it).
            #expect(await eventually(within: 30) { arrived.value })
            try #require(task.state == .running, "the transfer ended before the test could pause it")
            // Foundation calls the control handlers later, on a queue of its own.
            progress.pause()
            #expect(await eventually(within: 30) { task.state == .suspended })
            progress.resume()
            #expect(await eventually(within: 30) { task.state == .running })
            await harness.drainNotifications()
            #expect(
                (resumed.value, suspended.value) == (2, 1),
                "resumed \(resumed.value) times, suspended \(suspended.value)")
            task.cancel()
        }
    }

    @Test(
        "A streamed upload reports its progress against the request's Content-Length, on Linux too, where the header is taken off and URLSession reports no total"
    )
    func streamedUploadTotal() async throws {
        try await Harness.with { harness in
            let body = Data(repeating: 0x61, count: 100_000)
            var request = harness.request("/post")
            request.httpMethod = "POST"
            request.httpBodyStream = InputStream(data: body)
            request.setValue("\(body.count)", forHTTPHeaderField: "Content-Length")
            let totals = Locked<Set<Int64>>([])
            let hookTotals = Locked<Set<Int64>>([])
            harness.manager.updateHooks {
                $0.taskDidSendBodyData = { _, _, _, _, total in hookTotals.withLock { _ = $0.insert(total) } }
            }
            let completion = try await harness.complete { manager, handler in
                try manager.uploadTask(
                    withStreamedRequest: request,
                    progress: { progress in totals.withLock { _ = $0.insert(progress.totalUnitCount) } },
                    completionHandler: handler)
            }
            #expect(completion.status == 200)
            #expect(totals.value == [100_000], "the upload's progress saw the totals \(totals.value.sorted())")
            #expect(hookTotals.value == [100_000], "the send-body hook saw the totals \(hookTotals.value.sorted())")
        }
    }

    @Test(
        "A 401 nobody can answer takes the path this toolchain needs: the default handling where it completes the task, the manager's own completion where it hangs"
    )
    func unansweredChallengePath() async throws {
        try await Harness.with { harness in
            let task = Locked<URLSessionTask?>(nil)
            let completion = try await harness.complete { manager, handler in
                let made = try manager.dataTask(
                    with: harness.request("/basic-auth/ada/secret"), completionHandler: handler)
                task.withLock { $0 = made }
                return made
            }
            #expect(completion.status == 401)
            #expect(await eventually { task.value?.state == .completed })
            // What URLSession itself ended the task with shows which answer it was given: the
            // manager's cancellation of the challenge after completing the task, or the default
            // handling, which completes it without an error.
            let path =
                (task.value?.error as? URLError)?.code == .cancelled ? "cancelled by the manager" : "default handling"
            #expect(
                path == (defaultHandlingHangs ? "cancelled by the manager" : "default handling"),
                "this toolchain \(defaultHandlingHangs ? "hangs on" : "completes with") the default handling, yet the path taken was: \(path)"
            )
        }
    }
}
