import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import SessionManager
import TaskDelegates
import TestSupport
import Testing

@Suite("Hooks: consulted only when set")
struct HookTests {
    @Test("With no redirect hook the redirect is followed; a hook returning nil stops it at the 302")
    func redirect() async throws {
        try await Harness.with { harness in
            let followed = try await harness.get("/redirect/2")
            #expect(followed.status == 200)
            let hops = Locked(0)
            harness.manager.updateHooks {
                $0.taskWillPerformHTTPRedirection = { _, _, _, _ in
                    hops.withLock { $0 += 1 }
                    return nil
                }
            }
            let stopped = try await harness.get("/redirect/2")
            #expect(stopped.status == 302)
            #expect(hops.value == 1)
        }
    }

    @Test("A 401 with no challenge handler completes (no hang) with the 401, its body and -1011")
    func unauthorizedWithoutHandler() async throws {
        try await Harness.with { harness in
            let completion = try await harness.get("/basic-auth/ada/secret")
            #expect(completion.status == 401)
            let error = try #require(completion.error as? ResponseSerializationError)
            #expect(error.errorCode == NSURLErrorBadServerResponse)
            #expect(completion.json["authenticated"] == "0")
        }
    }

    @Test("A challenge handler answering with a credential gets the 200 body alone, not glued to the 401's")
    func credential() async throws {
        try await Harness.with { harness in
            harness.manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, challenge, _ in
                    challenge.previousFailureCount == 0
                        ? .credential(URLCredential(user: "ada", password: "secret", persistence: .none))
                        : .disposition(.cancelAuthenticationChallenge)
                }
            }
            let completion = try await harness.get("/basic-auth/ada/secret")
            #expect(completion.status == 200)
            #expect(completion.error == nil)
            #expect(completion.json["authenticated"] == "1")
        }
    }

    @Test("A challenge handler's error fails the task with that error")
    func challengeError() async throws {
        struct Refused: Error {}
        try await Harness.with { harness in
            harness.manager.updateHooks { $0.authenticationChallengeHandler = { _, _, _, _ in .failure(Refused()) } }
            let completion = try await harness.get("/basic-auth/ada/secret")
            #expect(completion.error is Refused)
        }
    }

    @Test("A challenge handler may answer later through the completion handler it was given")
    func challengeLater() async throws {
        try await Harness.with { harness in
            harness.manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, challenge, completion in
                    let credential = URLCredential(user: "ada", password: "secret", persistence: .none)
                    let failures = challenge.previousFailureCount
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                        failures == 0
                            ? completion(.useCredential, credential) : completion(.cancelAuthenticationChallenge, nil)
                    }
                    return .later
                }
            }
            let completion = try await harness.get("/basic-auth/ada/secret")
            #expect(completion.status == 200)
        }
    }

    @Test(
        "A handler that answers later with the default handling: the task completes once, with the 401 and its body, and the hook hears of it once"
    )
    func defaultHandlingLater() async throws {
        try await Harness.with { harness in
            let completed = Locked<[String]>([])
            harness.manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, _, completion in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                        completion(.performDefaultHandling, nil)
                    }
                    return .later
                }
                $0.taskDidComplete = { _, _, error in
                    completed.withLock { $0.append(error.map { "\($0)" } ?? "no error") }
                }
            }
            let task = Locked<URLSessionTask?>(nil)
            let completion = try await harness.complete { manager, handler in
                let made = try manager.dataTask(
                    with: harness.request("/basic-auth/ada/secret"), completionHandler: handler)
                task.withLock { $0 = made }
                return made
            }
            #expect(completion.status == 401)
            #expect((completion.error as? ResponseSerializationError)?.reason == .unacceptableStatusCode(401))
            #expect(completion.json["authenticated"] == "0")
            // On Linux URLSession's own -999 follows the answer; once the task is completed, that
            // callback has run, and must have found nothing left to complete.
            #expect(await eventually { task.value?.state == .completed })
            #expect(completed.value == ["no error"])
            #expect(harness.manager.taskTable.count == 0)
        }
    }

    @Test("A response hook answering .cancel ends the task with -999 and drops the data still arriving")
    func responseCancel() async throws {
        try await Harness.with { harness in
            let chunks = Locked(0)
            harness.manager.updateHooks { $0.dataTaskDidReceiveResponse = { _, _, _ in .cancel } }
            harness.manager.updateHooks { $0.dataTaskDidReceiveData = { _, _, _ in chunks.withLock { $0 += 1 } } }
            // Large enough to arrive in many chunks. The generous timeout is for a thread-sanitizer
            // build on a loaded machine, where HTTPBin (in this process, sanitized too) can take
            // seconds to start the body: the -999 must come from the hook's cancel, not a timeout.
            let completion = try await harness.get("/bytes/300000", timeout: 60, within: 90)
            #expect(completion.urlErrorCode == .cancelled)
            #expect(chunks.value == 0)
        }
    }

    @Test("Upload progress hooks get the request's Content-Length when the session reports no total")
    func sendBodyHook() async throws {
        try await Harness.with { harness in
            let totals = Locked<Set<Int64>>([])
            harness.manager.updateHooks {
                $0.taskDidSendBodyData = { _, _, _, _, total in totals.withLock { _ = $0.insert(total) } }
            }
            var post = harness.request("/post")
            post.httpMethod = "POST"
            _ = try await harness.complete { manager, handler in
                try manager.uploadTask(with: post, from: Data(count: 5000), completionHandler: handler)
            }
            #expect(totals.value == [5000])
        }
    }

    @Test(
        "The task-did-complete hook runs once per task, on the delegate queue, once the task's delegate has completed")
    func completeHook() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let delegates = Locked<[ObjectIdentifier: TaskDelegate]>([:])
            let completed = Locked<[(task: Int, onDelegateQueue: Bool, delegateCompleted: Bool?)]>([])
            manager.updateHooks {
                $0.taskDidComplete = { _, task, _ in
                    let onDelegateQueue = OperationQueue.current === manager.operationQueue
                    let delegateCompleted = delegates.value[ObjectIdentifier(task)]?.hasCompleted
                    completed.withLock { $0.append((task.taskIdentifier, onDelegateQueue, delegateCompleted)) }
                }
            }
            for path in ["/get", "/status/404"] {
                _ = try await harness.complete { manager, handler in
                    let task = try manager.dataTask(with: harness.request(path), completionHandler: handler)
                    let delegate = try #require(manager.taskTable.delegate(for: task))
                    delegates.withLock { $0[ObjectIdentifier(task)] = delegate }
                    return task
                }
            }
            #expect(await eventually { completed.value.count == 2 })
            #expect(Set(completed.value.map { $0.task }).count == 2)
            #expect(completed.value.allSatisfy { $0.onDelegateQueue }, "the hook ran off the delegate queue")
            #expect(
                completed.value.allSatisfy { $0.delegateCompleted == true },
                "the hook ran before the task's delegate had completed")
        }
    }

    @Test(
        "The response hook is asked before the task's delegate hears of the response; the data hook runs once the delegate has counted the chunk"
    )
    func hookOrder() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            manager.responseSerializer = DataSerializer()
            let seen = Locked<[String]>([])
            let received = Locked<Int64>(0)
            manager.updateHooks {
                $0.dataTaskDidReceiveResponse = { _, task, _ in
                    let total = manager.downloadProgress(for: task)?.totalUnitCount
                    seen.withLock {
                        $0.append("response hook: the delegate's total was \(total.map { "\($0)" } ?? "nothing")")
                    }
                    return .allow
                }
                $0.dataTaskDidReceiveData = { _, task, data in
                    let counted = manager.downloadProgress(for: task)?.completedUnitCount ?? -1
                    let arrived = received.withLock {
                        $0 += Int64(data.count)
                        return $0
                    }
                    if counted != arrived {
                        seen.withLock {
                            $0.append("data hook: the delegate had counted \(counted) of \(arrived) bytes")
                        }
                    }
                }
            }
            let completion = try await harness.get("/bytes/3000")
            #expect(completion.objectData?.count == 3000)
            #expect(seen.value == ["response hook: the delegate's total was -1"])
        }
    }

    @Test(
        "Of two finishers of one task, URLSession's completion and a late default-handling answer given meanwhile, only the first completes it: the task's delegate decides"
    )
    func oneRemoveDecides() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let session = manager.session
            let answer = Locked<Hooks.ChallengeCompletion?>(nil)
            let hookCalls = Locked<[String]>([])
            let handlerCalls = Locked(0)
            manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, _, completion in
                    answer.withLock { $0 = completion }
                    return .later
                }
                $0.taskDidComplete = { _, _, error in
                    let first = hookCalls.withLock { calls -> Bool in
                        calls.append(error.map { "\($0)" } ?? "no error")
                        return calls.count == 1
                    }
                    // The answer comes while URLSession's completion is being handled.
                    if first { answer.value?(.performDefaultHandling, nil) }
                }
            }
            let task = try manager.dataTask(
                with: harness.request("/get"), completionHandler: { _, _, _ in handlerCalls.withLock { $0 += 1 } })
            await onDelegateQueue(of: manager) {
                manager.urlSession(session, task: task, didReceive: basicChallenge(), completionHandler: { _, _ in })
                manager.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
            }
            #expect(
                hookCalls.value.count == 1, "the task was completed \(hookCalls.value.count) times: \(hookCalls.value)")
            #expect(await eventually { handlerCalls.value == 1 })
            task.cancel()
        }
    }

    @Test(
        "On Linux, once the response hook refused a response, data already on its way is dropped, and the task completes with -999 even if URLSession then reports success",
        .enabled(if: onLinux, "Darwin obeys the refusal itself"))
    func refusedResponseDropsLateData() async throws {
        try await Harness.with { harness in
            let manager = harness.manager
            let session = manager.session
            manager.responseSerializer = DataSerializer()
            let chunks = Locked(0)
            manager.updateHooks {
                $0.dataTaskDidReceiveResponse = { _, _, _ in .cancel }
                $0.dataTaskDidReceiveData = { _, _, _ in chunks.withLock { $0 += 1 } }
            }
            let done = Locked<Completion?>(nil)
            let task = try manager.dataTask(
                with: harness.request("/get"),
                completionHandler: { response, object, error in
                    done.withLock { $0 = Completion(response, object, error) }
                })
            let response = try #require(
                HTTPURLResponse(
                    url: harness.server.url("/get"), statusCode: 200, httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Length": "5"]))
            // What URLSession may deliver after the cancellation: the rest of the body, then success.
            await onDelegateQueue(of: manager) {
                manager.urlSession(session, dataTask: task, didReceive: response, completionHandler: { _ in })
                manager.urlSession(session, dataTask: task, didReceive: Data("late!".utf8))
                manager.urlSession(session, task: task, didCompleteWithError: nil)
            }
            #expect(chunks.value == 0, "the data hook saw data that arrived after its response was refused")
            #expect(await eventually { done.value != nil })
            #expect(
                done.value?.urlErrorCode == .cancelled,
                "a refused response completed with \(String(describing: done.value?.error))")
        }
    }

    @Test(
        "On Linux the first reason the manager gives for cancelling a task decides its error: a challenge failing after the response was refused changes nothing",
        .enabled(if: onLinux, "Darwin obeys the refusal itself"))
    func firstReasonStays() async throws {
        struct Refused: Error {}
        try await Harness.with { harness in
            let manager = harness.manager
            let session = manager.session
            manager.updateHooks {
                $0.dataTaskDidReceiveResponse = { _, _, _ in .cancel }
                $0.authenticationChallengeHandler = { _, _, _, _ in .failure(Refused()) }
            }
            let done = Locked<Completion?>(nil)
            let task = try manager.dataTask(
                with: harness.request("/get"),
                completionHandler: { response, object, error in
                    done.withLock { $0 = Completion(response, object, error) }
                })
            let response = try #require(
                HTTPURLResponse(
                    url: harness.server.url("/get"), statusCode: 401, httpVersion: "HTTP/1.1", headerFields: [:]))
            await onDelegateQueue(of: manager) {
                manager.urlSession(session, dataTask: task, didReceive: response, completionHandler: { _ in })
                manager.urlSession(session, task: task, didReceive: basicChallenge(), completionHandler: { _, _ in })
                manager.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
            }
            #expect(await eventually { done.value != nil })
            #expect(
                done.value?.urlErrorCode == .cancelled,
                "the task completed with \(String(describing: done.value?.error)), the later reason's error")
        }
    }
}

@Suite("Changing hooks from several threads")
struct HookUpdateTests {
    @Test(
        "Two threads each setting one hook keep both: a change that another thread finished meanwhile runs again, on the hooks it left"
    )
    func concurrentUpdatesKeepBoth() async throws {
        let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: NotificationCenter())
        let firstInside = DispatchSemaphore(value: 0)
        let secondDone = DispatchSemaphore(value: 0)
        let firstRuns = Locked(0)
        let secondFinishedWhileFirstPaused = Locked(false)
        let first = Thread {
            manager.updateHooks { hooks in
                let run = firstRuns.withLock {
                    $0 += 1
                    return $0
                }
                guard run == 1 else {
                    hooks.taskDidComplete = { _, _, _ in }
                    return
                }
                firstInside.signal()
                // Pause midway for the second change. With no lock held it finishes now; this
                // change must then not overwrite its hook.
                let finished = secondDone.wait(timeout: .now() + 5) == .success
                secondFinishedWhileFirstPaused.withLock { $0 = finished }
                hooks.taskDidComplete = { _, _, _ in }
            }
        }
        first.start()
        firstInside.wait()
        DispatchQueue.global().async {
            manager.updateHooks { $0.dataTaskDidReceiveData = { _, _, _ in } }
            secondDone.signal()
        }
        #expect(
            await eventually { manager.hooks.taskDidComplete != nil && manager.hooks.dataTaskDidReceiveData != nil },
            "a hook set by one of the two threads was lost")
        #expect(
            secondFinishedWhileFirstPaused.value,
            "the second change waited for the first: updateHooks held a lock while the app's closure ran")
        #expect(
            firstRuns.value == 2, "the first change ran \(firstRuns.value) times, expected once more after the second")
        manager.invalidateSession(cancelingTasks: true)
    }

    @Test("A change may read the hooks, and change them again: updateHooks runs it under no lock")
    func changeReadsTheHooks() async throws {
        let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: NotificationCenter())
        let finished = await onAThreadOfItsOwn { () -> Bool in
            let done = DispatchSemaphore(value: 0)
            Thread {
                manager.updateHooks { hooks in
                    hooks.taskDidComplete = { _, _, _ in }
                    // What a library setting one hook beside the app's might do.
                    if manager.hooks.dataTaskDidReceiveData == nil {
                        manager.updateHooks { $0.dataTaskDidReceiveData = { _, _, _ in } }
                    }
                }
                done.signal()
            }.start()
            // A change run under a lock waits here for ever (a release build) or stops the
            // process (a debug build's error-checking lock).
            return done.wait(timeout: .now() + 10) == .success
        }
        #expect(finished, "updateHooks had not returned after 10 s: the change ran while a lock was held")
        #expect(manager.hooks.taskDidComplete != nil && manager.hooks.dataTaskDidReceiveData != nil)
        manager.invalidateSession(cancelingTasks: true)
    }
}
