import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import ResponseParsing
import ResponseValidation
import SessionManager
import TaskDelegates
import TestSupport
import Testing

@Suite("The manager: tasks, the task table, queues")
struct ManagerTests {
    @Test("A JSON GET completes with the parsed object on the completion queue, and the task table is empty afterwards")
    func jsonGet() async throws {
        try await Harness.with { harness in
            let completion = try await harness.get("/get?q=1")
            #expect(completion.status == 200)
            #expect(completion.error == nil)
            #expect(completion.json["args"]?.contains("q") == true)
            #expect(completion.queue == "test.completion")
            #expect(harness.manager.taskTable.count == 0)
        }
    }

    @Test("A test that waits in vain says what it waited for and how far the task got, not just that it timed out")
    func waitSaysHowFar() async throws {
        try await Harness.with { harness in
            // The server holds its answer back for 5 s; the wait gives up after 0.5 s.
            let error = await #expect(throws: TimedOut.self) { try await harness.get("/delay/5000", within: 0.5) }
            let message = "\(try #require(error))"
            #expect(message.contains("a completion handler"), "\(message)")
            #expect(message.contains("GET /delay/5000"), "\(message)")
            #expect(message.contains("no response") && message.contains("0 bytes received"), "\(message)")
        }
    }

    @Test("A 404 with a JSON body gives both the object and the validation error (-1011)")
    func notFoundWithBody() async throws {
        try await Harness.with { harness in
            let completion = try await harness.get(
                "/response?status=404&content-type=application/json&body=%7B%22e%22%3A1%7D")
            #expect(completion.status == 404)
            #expect(completion.json["e"] == "1")
            let error = try #require(completion.error as? ResponseSerializationError)
            #expect(error.errorCode == NSURLErrorBadServerResponse)
            #expect(error.data == Data(#"{"e":1}"#.utf8))
        }
    }

    @Test("A refused connection goes straight to the handler with its network error and no object")
    func refused() async throws {
        let url = refusedURL
        try await Harness.with { harness in
            let completion = try await harness.complete { manager, handler in
                try manager.dataTask(with: URLRequest(url: url), completionHandler: handler)
            }
            #expect(completion.urlErrorCode == .cannotConnectToHost)
            #expect(!completion.hasObject)
        }
    }

    @Test(
        "A manager's defaults are AFNetworking's: the main queue for handlers and notifications, the shared completion group, the JSON serializer, a serial delegate queue"
    )
    func defaults() {
        let manager = URLSessionManager(notificationCenter: NotificationCenter())
        // `DispatchQueue.main` is a new wrapper each time on Linux: compare what it wraps.
        #expect(manager.completionQueue.label == DispatchQueue.main.label)
        #expect(manager.notificationQueue.label == DispatchQueue.main.label)
        #expect(manager.completionGroup === CompletionContext.sharedCompletionGroup)
        #expect(manager.responseSerializer is JSONResponseSerializer)
        #expect(manager.operationQueue.maxConcurrentOperationCount == 1)
    }

    @Test(
        "Every access to the task table waits for its lock: while another thread holds it, a new task cannot get its row"
    )
    func tableLock() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            _ = manager.session  // made first, so that making the task below needs the table alone
            let made = Locked<URLSessionTask?>(nil)
            let madeWhileHeld = await onAThreadOfItsOwn { () -> Bool in
                let done = DispatchSemaphore(value: 0)
                var result = false
                manager.taskTable.whileLocked {
                    Thread {
                        made.withLock { $0 = try? manager.dataTask(with: harness.request("/get")) }
                        done.signal()
                    }.start()
                    // Held for half a second: a table with a lock makes the new task wait all along.
                    result = done.wait(timeout: .now() + 0.5) == .success
                }
                if !result { done.wait() }
                return result
            }
            #expect(
                !madeWhileHeld, "a task got its row while another thread held the table's lock: the table has no lock")
            #expect(made.value.map { manager.taskTable.delegate(for: $0) != nil } == true)
            made.value?.cancel()
        }
    }

    @Test("Every task carries the manager's description, and two managers have different ones")
    func taskDescription() async throws {
        try await Harness.with { harness in
            let task = try harness.manager.dataTask(with: harness.request("/get"))
            #expect(task.taskDescription == harness.manager.taskDescriptionForSessionTasks)
            #expect(
                URLSessionManager().taskDescriptionForSessionTasks != harness.manager.taskDescriptionForSessionTasks)
            task.cancel()
        }
    }

    @Test("Progress is reachable while the task lives and nil after it completed")
    func progressLookup() async throws {
        try await Harness.with { harness in
            let task = try harness.manager.dataTask(with: harness.request("/get"))
            #expect(harness.manager.uploadProgress(for: task) != nil)
            #expect(harness.manager.downloadProgress(for: task)?.totalUnitCount == -1)
            #expect(
                harness.manager.tasks.contains { $0 === task },
                "a task made and not yet resumed is missing from the manager's tasks")
            let done = Locked(false)
            let completed = try harness.manager.dataTask(
                with: harness.request("/bytes/5000"),
                completionHandler: { _, _, _ in
                    done.withLock { $0 = true }
                })
            harness.manager.resume(completed)
            #expect(await eventually { done.value })
            #expect(harness.manager.downloadProgress(for: completed) == nil)
            #expect(harness.manager.uploadProgress(for: completed) == nil)
            #expect(
                !harness.manager.tasks.contains { $0 === completed },
                "a completed task is still one of the manager's tasks")
            task.cancel()
        }
    }

    @Test(
        "Delegate callbacks run on the manager's serial queue; the serializer off it; the handler on the completion queue"
    )
    func queues() async throws {
        try await Harness.with { harness in
            let seen = Locked<[String]>([])
            let manager = harness.manager
            manager.updateHooks {
                $0.dataTaskDidReceiveData = { _, _, _ in
                    let onDelegateQueue = OperationQueue.current === manager.operationQueue
                    seen.withLock { $0.append(onDelegateQueue ? "data on delegate queue" : "data elsewhere") }
                }
            }
            manager.responseSerializer = RecordingSerializer(seen: seen)
            let completion = try await harness.get("/bytes/10")
            #expect(completion.queue == "test.completion")
            #expect(Set(seen.value) == ["data on delegate queue", "serializer off the delegate queue"])
            #expect(manager.operationQueue.maxConcurrentOperationCount == 1)
        }
    }

    @Test("A task created before the session's existing tasks are listed keeps its own delegate and handler")
    func adoptionKeepsNewTasks() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            // The session is made by the task's creation below, and asks for its list of tasks,
            // which arrives on the delegate queue. Held there until the task is running, the list
            // names it: its adopted copy must not replace the task's own delegate.
            let gate = DelegateQueueGate(manager.operationQueue)
            let codes = Locked<[URLError.Code?]>([])
            let task = try manager.dataTask(
                with: harness.request("/delay/60000", timeout: 120),
                completionHandler: { _, _, error in
                    codes.withLock { $0.append((error as? URLError)?.code) }
                })
            let own = manager.taskTable.delegate(for: task)
            manager.resume(task)
            let listed = await eventually(within: 30) { manager.operationQueue.operationCount >= 2 }
            gate.release()
            await onDelegateQueue(of: manager)
            #expect(listed, "the session's list of tasks never reached the delegate queue")
            #expect(
                own != nil && manager.taskTable.delegate(for: task) === own,
                "the task's own delegate was replaced by the adopted one")
            task.cancel()
            #expect(
                await eventually(within: 30) { codes.value == [.cancelled] },
                "the task's own handler never ran: \(codes.value)")
        }
    }

    @Test(
        "A task's own serializer parses its response; a task without one gets the manager's serializer as it is when the task completes"
    )
    func serializers() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let own = try await harness.complete { manager, handler in
                try manager.dataTask(
                    with: harness.request("/bytes/10"), responseSerializer: DataSerializer(), completionHandler: handler
                )
            }
            #expect(
                own.objectData?.count == 10, "the task's own serializer was not used: \(String(describing: own.error))")
            // Made while the manager's serializer is JSON, completed after it was replaced.
            let done = Locked<Completion?>(nil)
            let task = try manager.dataTask(
                with: harness.request("/bytes/10"),
                completionHandler: { response, object, error in
                    done.withLock { $0 = Completion(response, object, error) }
                })
            manager.responseSerializer = DataSerializer()
            manager.resume(task)
            #expect(await eventually(within: 30) { done.value != nil })
            #expect(
                done.value?.objectData?.count == 10,
                "the manager's serializer was taken when the task was made, not when it completed")
        }
    }

    @Test("Completion handlers run inside the manager's completion group")
    func completionGroup() async throws {
        try await Harness.with { harness in
            let group = DispatchGroup()
            harness.manager.completionGroup = group
            let busy = Locked<Bool?>(nil)
            _ = try await harness.complete { manager, handler in
                try manager.dataTask(
                    with: harness.request("/get"),
                    completionHandler: { response, object, error in
                        // Asked from inside the handler: a group that is not empty now is one the handler runs in.
                        busy.withLock { $0 = group.wait(timeout: .now()) == .timedOut }
                        handler(response, object, error)
                    })
            }
            #expect(busy.value == true, "the handler ran outside the manager's completion group")
        }
    }

    @Test("An upload from data, an upload from a file and a download each complete with what they carried")
    func uploadsAndDownload() async throws {
        try await Harness.with { harness in
            var post = harness.request("/post")
            post.httpMethod = "POST"
            let sentProgress = Locked<Double>(0)
            let fromData = try await harness.complete { manager, handler in
                try manager.uploadTask(
                    with: post, from: Data(count: 20_000),
                    progress: { progress in
                        sentProgress.withLock { $0 = progress.fractionCompleted }
                    }, completionHandler: handler)
            }
            #expect(fromData.status == 200)
            #expect(sentProgress.value == 1.0)

            let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
            try Data(count: 3000).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let fromFile = try await harness.complete { manager, handler in
                try manager.uploadTask(with: post, fromFile: file, completionHandler: handler)
            }
            #expect(fromFile.status == 200)
            #expect(harness.server.requests.last?.bodySize == 3000)

            let target = FileManager.default.temporaryDirectory.appendingPathComponent("download-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: target) }
            let download = try await harness.complete { manager, handler in
                try manager.downloadTask(
                    with: harness.request("/bytes/4096"), destination: { _, _ in target }, completionHandler: handler)
            }
            #expect(download.objectURL == target)
            #expect(try Data(contentsOf: target).count == 4096)
            #expect(harness.manager.taskTable.count == 0)
        }
    }

    @Test("The download hook's URL overrides the task's destination")
    func downloadHookOverrides() async throws {
        try await Harness.with { harness in
            let directory = FileManager.default.temporaryDirectory
            let hooked = directory.appendingPathComponent("hooked-\(UUID().uuidString)")
            let own = directory.appendingPathComponent("own-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: hooked) }
            harness.manager.updateHooks { $0.downloadTaskDidFinishDownloading = { _, _, _ in hooked } }
            let moved = harness.counter(for: .downloadTaskDidMoveFileSuccessfully)
            let download = try await harness.complete { manager, handler in
                try manager.downloadTask(
                    with: harness.request("/bytes/100"), destination: { _, _ in own }, completionHandler: handler)
            }
            #expect(download.objectURL == hooked)
            #expect(FileManager.default.fileExists(atPath: hooked.path))
            #expect(!FileManager.default.fileExists(atPath: own.path))
            #expect(moved.value == 1)
        }
    }
}

extension ManagerTests {
    @Test("A download with neither the hook's place nor a destination of its own leaves no temporary file behind")
    func downloadWithoutDestination() async throws {
        try await Harness.with { harness in
            let location = Locked<URL?>(nil)
            harness.manager.updateHooks {
                $0.downloadTaskDidFinishDownloading = { _, _, temporary in
                    location.withLock { $0 = temporary }
                    return nil
                }
            }
            let download = try await harness.complete { manager, handler in
                try manager.downloadTask(with: harness.request("/bytes/100"), completionHandler: handler)
            }
            #expect(download.objectURL == nil)
            let temporary = try #require(location.value)
            #expect(!FileManager.default.fileExists(atPath: temporary.path), "the temporary file was left behind")
        }
    }
}

/// A serializer that says where it ran, then parses nothing.
struct RecordingSerializer: ResponseSerializer {
    let seen: Locked<[String]>

    func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Data> {
        let onDelegateQueue =
            OperationQueue.current?.maxConcurrentOperationCount == 1
            && OperationQueue.current?.name == "URLSessionManager delegate queue"
        seen.withLock {
            $0.append(onDelegateQueue ? "serializer on the delegate queue" : "serializer off the delegate queue")
        }
        return SerializedResponse(object: data, error: nil)
    }
}
