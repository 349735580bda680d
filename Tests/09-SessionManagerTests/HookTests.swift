import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import SessionManager
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
            harness.manager.updateHooks { $0.taskWillPerformHTTPRedirection = { _, _, _, _ in
                hops.withLock { $0 += 1 }
                return nil
            } }
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
            harness.manager.updateHooks { $0.authenticationChallengeHandler = { _, _, challenge, _ in
                challenge.previousFailureCount == 0
                    ? .credential(URLCredential(user: "ada", password: "secret", persistence: .none))
                    : .disposition(.cancelAuthenticationChallenge)
            } }
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
            harness.manager.updateHooks { $0.authenticationChallengeHandler = { _, _, challenge, completion in
                let credential = URLCredential(user: "ada", password: "secret", persistence: .none)
                let failures = challenge.previousFailureCount
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                    failures == 0 ? completion(.useCredential, credential) : completion(.cancelAuthenticationChallenge, nil)
                }
                return .later
            } }
            let completion = try await harness.get("/basic-auth/ada/secret")
            #expect(completion.status == 200)
        }
    }

    @Test("A handler that answers later with the default handling: the task completes once, with the 401 and its body, and the hook hears of it once")
    func defaultHandlingLater() async throws {
        try await Harness.with { harness in
            let completed = Locked<[String]>([])
            harness.manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, _, completion in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { completion(.performDefaultHandling, nil) }
                    return .later
                }
                $0.taskDidComplete = { _, _, error in completed.withLock { $0.append(error.map { "\($0)" } ?? "no error") } }
            }
            let task = Locked<URLSessionTask?>(nil)
            let completion = try await harness.complete { manager, handler in
                let made = try manager.dataTask(with: harness.request("/basic-auth/ada/secret"), completionHandler: handler)
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
            harness.manager.updateHooks { $0.taskDidSendBodyData = { _, _, _, _, total in totals.withLock { _ = $0.insert(total) } } }
            var post = harness.request("/post")
            post.httpMethod = "POST"
            _ = try await harness.complete { manager, handler in
                try manager.uploadTask(with: post, from: Data(count: 5000), completionHandler: handler)
            }
            #expect(totals.value == [5000])
        }
    }

    @Test("The task-did-complete hook runs once per task when set")
    func completeHook() async throws {
        try await Harness.with { harness in
            let completed = Locked<[Int]>([])
            harness.manager.updateHooks { $0.taskDidComplete = { _, task, _ in completed.withLock { $0.append(task.taskIdentifier) } } }
            _ = try await harness.get("/get")
            _ = try await harness.get("/status/404")
            #expect(await eventually { completed.value.count == 2 })
            #expect(Set(completed.value).count == 2)
        }
    }
}

@Suite("Changing hooks from several threads")
struct HookUpdateTests {
    @Test("Two threads each setting one hook keep both: the second change waits for the first, even when the first pauses midway")
    func concurrentUpdatesKeepBoth() async throws {
        let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: NotificationCenter())
        let firstInside = DispatchSemaphore(value: 0)
        let secondDone = DispatchSemaphore(value: 0)
        let secondFinishedWhileFirstPaused = Locked(false)
        let first = Thread {
            manager.updateHooks { hooks in
                firstInside.signal()
                // Pause midway for the second change. With a read-then-write update it would
                // finish now, and this write would then overwrite its hook; under the lock it
                // cannot finish before this change is done.
                let finished = secondDone.wait(timeout: .now() + 0.5) == .success
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
        #expect(await eventually { manager.hooks.taskDidComplete != nil && manager.hooks.dataTaskDidReceiveData != nil })
        #expect(!secondFinishedWhileFirstPaused.value)
        manager.invalidateSession(cancelingTasks: true)
    }
}
