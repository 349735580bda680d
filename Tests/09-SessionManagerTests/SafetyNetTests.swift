import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import TestSupport
import Testing

/// Whether the tests were compiled with assertions on: the checks below exist only then.
private let isDebugBuild: Bool = {
    var isDebug = false
    assert(
        {
            isDebug = true
            return true
        }())
    return isDebug
}()

/// What a debug build checks that a release build takes on trust. Each check stops the process,
/// so each test runs its body in a child process of its own (a Swift Testing exit test).
@Suite(
    "Safety nets of a debug build",
    .enabled(if: isDebugBuild, "only debug builds check; a release build would hang or carry on"),
    .timeLimit(.minutes(2)))
struct SafetyNetTests {
    @Test("A re-entrant withLock stops the process with a message, where a plain mutex would wait for itself for ever")
    func reentrantLock() async throws {
        let exit = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let count = Protected(0)
                count.withLock { _ in count.withLock { $0 += 1 } }
            })
        let message = String(decoding: exit.standardErrorContent, as: UTF8.self)
        #expect(message.contains("already holds this Protected's lock"), "\(message.suffix(400))")
    }

    @Test("A URLSession callback run off the manager's serial delegate queue stops the process with a message")
    func callbackOffTheDelegateQueue() async throws {
        let exit = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: NotificationCenter())
                manager.urlSession(manager.session, didBecomeInvalidWithError: nil)
            })
        let message = String(decoding: exit.standardErrorContent, as: UTF8.self)
        #expect(message.contains("ran off the manager's serial delegate queue"), "\(message.suffix(400))")
    }

    @Test("The same callback on the delegate queue passes the check")
    func callbackOnTheDelegateQueue() async {
        let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: NotificationCenter())
        let session = manager.session
        await withCheckedContinuation { continuation in
            manager.operationQueue.addOperation {
                manager.urlSession(session, didBecomeInvalidWithError: nil)
                continuation.resume()
            }
        }
        manager.invalidateSession(cancelingTasks: true)
    }
}
