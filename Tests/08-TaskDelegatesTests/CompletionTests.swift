import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import TaskDelegates
import TestSupport
import Testing

/// Scripted completions: the two paths, the queues, the group, the notification.
@Suite("Completion")
struct CompletionTests {
    @Test(
        "On success the serializer runs on the processing queue, then the handler on the completion queue, then the notification"
    )
    func successPath() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let task = scriptedTask()
        let delegate = recorder.delegate(for: task)
        let body = Data(#"{"name":"afn"}"#.utf8)
        delegate.didReceive(response: response(200, ["Content-Type": "application/json"]))
        delegate.didReceive(data: body)
        delegate.didComplete(
            error: nil,
            context: queues.context(RecordingSerializer(wrapped: JSONResponseSerializer(), log: recorder.log)))
        try await recorder.waitForCompletion()

        #expect(recorder.log.value == ["serializer@processing", "handler@completion", "complete@notification"])
        #expect(recorder.call?.object == .json(#"{"name":"afn"}"#))
        #expect(recorder.call?.error == nil)
        let posted = recorder.completionNotification
        #expect(posted?.objectIsTask == true)
        #expect(
            posted?.keys == [
                TaskDidCompleteKey.responseSerializer, TaskDidCompleteKey.responseData,
                TaskDidCompleteKey.serializedResponse,
            ])
        #expect(posted?.data == body)
        #expect(posted?.serializedResponse == .json(#"{"name":"afn"}"#))
        #expect(delegate.data.isEmpty, "the buffer is handed to the completion")
    }

    @Test("A 404 with a JSON body reaches the handler with both the object and the error, and so does the notification")
    func objectAndError() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let delegate = recorder.delegate(for: scriptedTask())
        delegate.didReceive(response: response(404, ["Content-Type": "application/json"]))
        delegate.didReceive(data: Data(#"{"error":"no such user"}"#.utf8))
        delegate.didComplete(error: nil, context: queues.context(JSONResponseSerializer()))
        try await recorder.waitForCompletion()

        #expect(recorder.call?.object == .json(#"{"error":"no such user"}"#))
        #expect(recorder.call?.serializationError?.reason == .unacceptableStatusCode(404))
        #expect(recorder.completionNotification?.serializedResponse == .json(#"{"error":"no such user"}"#))
        #expect(
            (recorder.completionNotification?.error as? ResponseSerializationError)?.reason
                == .unacceptableStatusCode(404))
    }

    @Test(
        "A network error skips serialization: the handler gets no object and the error, and the notification carries it"
    )
    func errorPath() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let delegate = recorder.delegate(for: scriptedTask())
        delegate.didReceive(response: response(200, ["Content-Length": "1000"]))
        delegate.didReceive(data: Data(count: 500))
        let serializer = RecordingSerializer(wrapped: HTTPResponseSerializer(), log: recorder.log)
        delegate.didComplete(error: URLError(.networkConnectionLost), context: queues.context(serializer))
        try await recorder.waitForCompletion()

        #expect(recorder.log.value == ["handler@completion", "complete@notification"])
        #expect(recorder.call?.object == ObjectSummary.none)
        #expect(recorder.call?.urlError?.code == .networkConnectionLost)
        #expect(recorder.call?.statusCode == 200)
        let posted = recorder.completionNotification
        #expect(
            posted?.keys == [
                TaskDidCompleteKey.responseSerializer, TaskDidCompleteKey.responseData, TaskDidCompleteKey.error,
            ])
        #expect(posted?.data?.count == 500)
        #expect((posted?.error as? URLError)?.code == .networkConnectionLost)
    }

    @Test("The completion handler runs inside the completion group, on both paths", arguments: [false, true])
    func group(withError: Bool) async throws {
        let queues = TestQueues()
        let center = NotificationCenter()
        let task = scriptedTask()
        // Asked from inside the handler, so that nothing blocks: a group that is not empty while
        // the handler runs is one the handler runs in.
        let groupWasBusy = Locked<Bool?>(nil)
        let delegate = TaskDelegate(task: task, notificationCenter: center) { _, _, _ in
            groupWasBusy.withLock { $0 = queues.group.wait(timeout: .now()) == .timedOut }
        }
        let posted = Observed(.taskDidComplete, object: task, on: center)
        delegate.didComplete(
            error: withError ? URLError(.cancelled) : nil, context: queues.context(HTTPResponseSerializer()))
        try await posted.wait()
        #expect(groupWasBusy.value == true)
        #expect(queues.group.wait(timeout: .now()) == .success, "and leaves it once it has run")
    }

    @Test("Completion happens once: a second completion, late data and late progress are ignored")
    func once() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let delegate = recorder.delegate(for: scriptedTask())
        delegate.didReceive(response: response(200, ["Content-Length": "8"]))
        delegate.didReceive(data: Data("partial".utf8))
        delegate.didComplete(error: URLError(.cancelled), context: queues.context(HTTPResponseSerializer()))
        // What Linux still delivers after cancel(), and a second completion for good measure.
        delegate.didReceive(data: Data("late".utf8))
        delegate.didReceive(response: response(200))
        delegate.didSendBodyData(totalBytesSent: 10, totalBytesExpectedToSend: 10)
        delegate.didComplete(error: nil, context: queues.context(HTTPResponseSerializer()))
        try await recorder.waitForCompletion()
        queues.drain()

        #expect(delegate.hasCompleted)
        #expect(recorder.calls.value.count == 1)
        #expect(recorder.call?.urlError?.code == .cancelled)
        #expect(recorder.posted.value.count == 1)
        #expect(recorder.completionNotification?.data == Data("partial".utf8))
        #expect(recorder.downloads.value.map(\.completed) == [0, 7])
        #expect(recorder.uploads.value.isEmpty)
        #expect(delegate.data.isEmpty)
    }

    @Test(
        "The notification waits for the handler: while the completion queue is held, nothing is posted, whatever else has run"
    )
    func notificationAfterHandler() async throws {
        let recorder = Recorder()
        let queues = TestQueues()
        let delegate = recorder.delegate(for: scriptedTask())
        delegate.didReceive(response: response(200, ["Content-Type": "application/json"]))
        delegate.didReceive(data: Data("[]".utf8))
        let gate = DispatchSemaphore(value: 0)
        queues.completion.async { gate.wait() }
        delegate.didComplete(error: nil, context: queues.context(JSONResponseSerializer()))
        // Everything the serializer's block queued, and everything the notification queue holds, has run.
        await onItsOwnThread {
            queues.processing.sync(flags: .barrier) {}
            queues.notification.sync {}
        }
        #expect(recorder.posted.value.isEmpty, "the notification must not be posted before the handler has run")
        gate.signal()
        try await recorder.waitForCompletion()
        #expect(recorder.log.value == ["handler@completion", "complete@notification"])
    }

    @Test("On the success path the task enters the completion group only once the serializer is done")
    func groupAfterSerializer() async throws {
        let queues = TestQueues()
        let center = NotificationCenter()
        let task = scriptedTask()
        let serializer = HeldSerializer()
        let posted = Observed(.taskDidComplete, object: task, on: center)
        let delegate = TaskDelegate(task: task, notificationCenter: center) { _, _, _ in }
        delegate.didComplete(error: nil, context: queues.context(serializer))
        let groupWasEmpty = await onItsOwnThread { () -> Bool? in
            guard serializer.started.wait(timeout: .now() + 30) == .success else { return nil }
            return queues.group.wait(timeout: .now()) == .success
        }
        serializer.release.signal()
        try await posted.wait()
        #expect(groupWasEmpty == true, "while the serializer runs, the group does not count the task yet")
    }

    @Test("The notification names and the did-complete keys are AFNetworking 4.0.1's strings, to the letter")
    func names() {
        #expect(Notification.Name.taskDidComplete.rawValue == "com.alamofire.networking.task.complete")
        #expect(
            Notification.Name.downloadTaskDidMoveFileSuccessfully.rawValue
                == "com.alamofire.networking.session.download.file-manager-succeed")
        #expect(
            Notification.Name.downloadTaskDidFailToMoveFile.rawValue
                == "com.alamofire.networking.session.download.file-manager-error")
        #expect(TaskDidCompleteKey.responseSerializer == "com.alamofire.networking.task.complete.responseserializer")
        #expect(TaskDidCompleteKey.responseData == "com.alamofire.networking.complete.finish.responsedata")
        #expect(TaskDidCompleteKey.assetPath == "com.alamofire.networking.task.complete.assetpath")
        #expect(TaskDidCompleteKey.error == "com.alamofire.networking.task.complete.error")
        #expect(TaskDidCompleteKey.serializedResponse == "com.alamofire.networking.task.complete.serializedresponse")
    }

    @Test(
        "The shared processing queue is concurrent, with AFNetworking's label: a second serializer starts while the first is still running"
    )
    func processingQueueIsConcurrent() async {
        #expect(CompletionContext.sharedProcessingQueue.label == "com.alamofire.networking.session.manager.processing")
        let queues = TestQueues()
        let (first, second) = (HeldSerializer(), HeldSerializer())
        for serializer in [first, second] {
            let delegate = TaskDelegate(task: scriptedTask(), notificationCenter: NotificationCenter())
            // The default processing queue: the shared one.
            delegate.didComplete(
                error: nil,
                context: CompletionContext(
                    responseSerializer: serializer, completionQueue: queues.completion, completionGroup: queues.group,
                    notificationQueue: queues.notification))
        }
        // The first serializer is held until the end: only a queue that runs blocks side by side
        // can start the second meanwhile.
        let secondStarted = await onItsOwnThread {
            first.started.wait(timeout: .now() + 30) == .success
                && second.started.wait(timeout: .now() + 10) == .success
        }
        first.release.signal()
        second.release.signal()
        #expect(
            secondStarted,
            "the second serializer did not start while the first ran: the processing queue runs one block at a time")
    }

    @Test("Without a completion handler the notification is still posted")
    func noHandler() async throws {
        let center = NotificationCenter()
        let queues = TestQueues()
        let task = scriptedTask()
        let posted = Observed(.taskDidComplete, object: task, on: center)
        let delegate = TaskDelegate(task: task, notificationCenter: center)
        delegate.didComplete(error: nil, context: queues.context(HTTPResponseSerializer()))
        try await posted.wait()
        queues.drain()
        #expect(posted.count.value == 1)
    }
}

/// A serializer that says when it has started, then waits to be released.
struct HeldSerializer: ResponseSerializer {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Data> {
        started.signal()
        release.wait()
        return SerializedResponse(object: data, error: nil)
    }
}

/// Runs blocking waits on a thread of their own, never on the test's.
func onItsOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { (done: CheckedContinuation<Value, Never>) in
        DispatchQueue(label: "test.waiting").async { done.resume(returning: body()) }
    }
}
