import Chapter09Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import Testing

@Suite("9.2 The resume and suspend notification guard")
struct NotificationGuardTests {
    let mine = "URLSessionManager 0x1"

    /// Resumes or suspends a real task (a request the server answers only after 10 s, so it stays
    /// running) and asks the guard, as the manager does.
    func posts(_ steps: [String], description: String?) async throws -> [Bool] {
        let server = try await HTTPBin.start()
        // No URL cache: with one, cancelling a task while it fails on its own can stop the process
        // on Linux (chapter 9, step 7).
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let task = session.dataTask(with: server.url("/delay/10000"))
        task.taskDescription = description
        let results = steps.map { step in
            let before = task.state
            if step == "resume" {
                task.resume()
                return postsDidResume(before: before, after: task.state, taskDescription: task.taskDescription, managerDescription: mine)
            }
            task.suspend()
            return postsDidSuspend(before: before, after: task.state, taskDescription: task.taskDescription, managerDescription: mine)
        }
        // Cancel before the server goes away, so that the task does not fail twice at once.
        session.invalidateAndCancel()
        try await server.shutdown()
        return results
    }

    @Test("Each real change of state posts once; repeated calls post nothing")
    func realChanges() async throws {
        #expect(try await posts(["resume", "resume", "suspend", "suspend", "resume", "resume"], description: mine)
            == [true, false, true, false, false, true])
    }

    @Test("The same steps post for the manager's own task, and never for another manager's or an unlabelled one")
    func otherTasks() async throws {
        #expect(try await posts(["resume", "suspend", "resume"], description: mine) == [true, true, true])
        #expect(try await posts(["resume", "suspend", "resume"], description: "URLSessionManager 0x2") == [false, false, false])
        #expect(try await posts(["resume", "suspend", "resume"], description: nil) == [false, false, false])
    }

    @Test("A resume that another thread's cancel() followed at once still posts: the call moved the task out of .suspended")
    func cancelledRightAfter() {
        #expect(postsDidResume(before: .suspended, after: .canceling, taskDescription: mine, managerDescription: mine))
        #expect(!postsDidResume(before: .suspended, after: .suspended, taskDescription: mine, managerDescription: mine))
    }

    @Test("Resuming a completed or cancelling task does not post (AFNetworking 4.0.1 would: it only checks 'was not running')")
    func finishedTasks() {
        #expect(!postsDidResume(before: .completed, after: .completed, taskDescription: mine, managerDescription: mine))
        #expect(!postsDidResume(before: .canceling, after: .canceling, taskDescription: mine, managerDescription: mine))
        #expect(postsDidResume(before: .suspended, after: .running, taskDescription: mine, managerDescription: mine))
        #expect(postsDidSuspend(before: .running, after: .suspended, taskDescription: mine, managerDescription: mine))
    }
}
