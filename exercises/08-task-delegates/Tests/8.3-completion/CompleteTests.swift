import Chapter08Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import ResponseParsing
import ResponseValidation
import Testing

/// Every test drives one completion with the order forced, not left to luck: each caller's queue
/// is held until the serializer has finished, then released one at a time, the caller queued
/// last first. Each handler, when it starts, first lets the notification queue run whatever it
/// holds, and after each release the notification queue runs what it holds: a notification
/// posted before the last handler has returned is then seen before that handler, every time.
@Suite("8.3 Find the completion that lies to several callers")
struct CompleteTests {
    @Test("Three callers on three queues: the serializer runs once, each handler gets the object on its own queue, and one notification follows the last handler to return")
    func threeCallers() async {
        let run = await Run.completing(status: 200, body: #"{"id":7}"#, error: nil, callers: 3)
        #expect(run.problems.isEmpty, "\(run.explanation)")
        #expect(run.serializerRuns == 1, "the serializer ran \(run.serializerRuns) times for one body: once is enough, whoever waits")
        #expect(run.calls.map(\.object) == [String?](repeating: #"{"id":7}"#, count: 3), "the handlers got \(run.calls.map(\.object))")
        #expect(run.calls.allSatisfy { $0.groupWasBusy }, "a handler ran outside the completion group")
        #expect(run.groupIsEmptyAfterwards, "the group should be left once the last handler has returned")
    }

    @Test("A network error: no serializer, every handler gets the error and no object, and the notification waits for them all")
    func networkError() async {
        let run = await Run.completing(status: 200, body: #"{"id":7}"#, error: URLError(.networkConnectionLost), callers: 2)
        #expect(run.problems.isEmpty, "\(run.explanation)")
        #expect(run.serializerRuns == 0, "the serializer ran after a network error: there is no document in a body that stopped halfway")
        #expect(run.calls.count == 2 && run.calls.allSatisfy { $0.object == nil && $0.error == "URLError(-1005)" },
                "each handler should get no object and the network error; they got \(run.calls.map { "\($0.object ?? "no object"), \($0.error ?? "no error")" })")
    }

    @Test("The completion group is shared with the manager's other tasks: the notification waits for this task's handlers only")
    func sharedGroup() async {
        // The manager's completion group holds every task's handlers: another task's handler is
        // still running (it entered the group and has not left) while this task completes.
        let run = await Run.completing(status: 200, body: #"{"id":7}"#, error: nil, callers: 2, anotherTaskPending: true)
        let waited = run.waitedForAnotherTask
        #expect(!waited, """
            the notification went out only once another task's handler had left the completion group: \
            the group is shared by every task, so it is empty only when all of them are done
            """)
        #expect(run.problems.isEmpty, "\(run.explanation)")
    }

    @Test("No caller at all: the notification is still posted, once")
    func noCaller() async {
        let run = await Run.completing(status: 200, body: "[]", error: nil, callers: 0)
        #expect(run.log.filter { $0.hasPrefix("notify") } == ["notify on notification"],
                "with no caller, the notification should still be posted once, on the notification queue; the log: \(run.log)")
    }
}

/// One completion, driven step by step: which queue each step ran on, and what the handlers got.
struct Run: Sendable {
    struct Call: Sendable {
        var object: String?
        var error: String?
        var groupWasBusy: Bool
    }

    var callers: Int
    var log: [String]
    var calls: [Call]
    var groupIsEmptyAfterwards: Bool
    var stuck: String?
    /// The notification came only after another task's handler left the shared group.
    var waitedForAnotherTask = false

    var serializerRuns: Int { log.filter { $0.hasPrefix("serializer") }.count }

    /// What went wrong with the order and the queues, in words; empty when nothing did.
    var problems: [String] {
        if let stuck { return [stuck] }
        var problems: [String] = []
        let notifications = log.indices.filter { log[$0].hasPrefix("notify") }
        let handlers = log.indices.filter { log[$0].hasPrefix("caller") }
        if handlers.count != callers { problems.append("\(handlers.count) handlers ran for \(callers) callers") }
        if notifications.count != 1 { problems.append("notify ran \(notifications.count) times; once is right") }
        if let first = notifications.first, let last = handlers.last, first < last {
            let caller = log[last].components(separatedBy: " on ")[0]
            problems.append("""
                the notification ran before \(caller)'s handler had run: with several queues, the handler \
                queued last is not always the last to return
                """)
        }
        problems += log.filter { $0.hasPrefix("serializer") && $0 != "serializer on processing" }.map { "\($0): the serializer belongs on the processing queue" }
        problems += log.filter { $0.hasPrefix("notify") && $0 != "notify on notification" }.map { "\($0): notify belongs on the notification queue" }
        for entry in log where entry.hasPrefix("caller") {
            let parts = entry.split(separator: " ")
            if parts.count == 5, parts[1] != parts[4] { problems.append("\(entry): each handler belongs on its own caller's queue") }
        }
        return problems
    }

    var explanation: String { problems.joined(separator: "; ") + " (log: \(log))" }

    static let key = DispatchSpecificKey<String>()

    static func queue(_ name: String, _ attributes: DispatchQueue.Attributes = []) -> DispatchQueue {
        let queue = DispatchQueue(label: name, attributes: attributes)
        queue.setSpecific(key: key, value: name)
        return queue
    }

    static func completing(status: Int, body: String, error: (any Error)?, callers: Int, anotherTaskPending: Bool = false) async -> Run {
        await withCheckedContinuation { (done: CheckedContinuation<Run, Never>) in
            // All the waiting happens on a thread of its own, never on the test's.
            DispatchQueue(label: "8.3 driver").async {
                done.resume(returning: drive(status: status, body: body, error: error, callers: callers, anotherTaskPending: anotherTaskPending))
            }
        }
    }

    private static func drive(status: Int, body: String, error: (any Error)?, callers count: Int, anotherTaskPending: Bool) -> Run {
        let processing = queue("processing", .concurrent)
        let notification = queue("notification")
        let group = DispatchGroup()
        // Another task's handler, still running in the same group, until the end of the run.
        if anotherTaskPending { group.enter() }
        let queues = (0..<count).map { queue("queue \($0 + 1)") }
        let log = Protected<[String]>([])
        let calls = Protected<[Call]>([])
        @Sendable func note(_ step: String) {
            log.withLock { $0.append("\(step) on \(DispatchQueue.getSpecific(key: key) ?? "another queue")") }
        }
        let response = HTTPURLResponse(
            url: URL(string: "http://127.0.0.1:9/")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])

        // 1. Hold every caller's queue.
        let gates = queues.map { queue in
            let gate = DispatchSemaphore(value: 0)
            queue.async { gate.wait() }
            return gate
        }
        let callers = queues.indices.map { index in
            Caller(queue: queues[index]) { _, object, error in
                // 3. Whatever the notification queue holds now was posted before this handler ran.
                notification.sync {}
                note("caller \(index + 1)")
                let busy = group.wait(timeout: .now()) == .timedOut
                calls.withLock { $0.append(Call(object: describe(object), error: describe(error), groupWasBusy: busy)) }
            }
        }
        Chapter08Exercise3.complete(
            response: response, data: Data(body.utf8), error: error, serializer: Noting(note: note),
            processing: processing, callers: callers, group: group, notification: notification,
            notify: { note("notify") })
        // 2. Let the serializer finish, and whatever was posted so far run.
        let drained = DispatchSemaphore(value: 0)
        processing.async(flags: .barrier) { drained.signal() }
        let stuck: String? = drained.wait(timeout: .now() + 30) == .timedOut
            ? "the processing queue did not finish while the callers' queues were busy: does it wait for them (sync)?" : nil
        notification.sync {}
        // 4. Release the callers' queues one at a time, the one queued last first; after each,
        //    let its handler run, then whatever it posted.
        for index in queues.indices.reversed() {
            gates[index].signal()
            queues[index].sync {}
            notification.sync {}
        }
        // A notification that travels by another route gets a few seconds more.
        let notified = { log.withLock { $0.contains { $0.hasPrefix("notify") } } }
        for _ in 0..<500 where !notified() {
            usleep(10_000)
        }
        var waitedForAnotherTask = false
        if anotherTaskPending {
            // The other task's handler returns now; a notification that waited for it comes now.
            let notifiedBefore = notified()
            group.leave()
            for _ in 0..<500 where !notified() {
                usleep(10_000)
            }
            waitedForAnotherTask = !notifiedBefore && notified()
        }
        return Run(
            callers: count, log: log.withLock { $0 }, calls: calls.withLock { $0 },
            groupIsEmptyAfterwards: group.wait(timeout: .now()) == .success, stuck: stuck,
            waitedForAnotherTask: waitedForAnotherTask)
    }

    static func describe(_ object: Any?) -> String? {
        guard let object else { return nil }
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        else { return "\(object)" }
        return String(decoding: data, as: UTF8.self)
    }

    static func describe(_ error: (any Error)?) -> String? {
        switch error {
        case nil: nil
        case let error as URLError: "URLError(\(error.code.rawValue))"
        case let error?: "\(error)"
        }
    }

    /// The JSON serializer, noting where it runs.
    struct Noting: ResponseSerializer {
        let note: @Sendable (String) -> Void
        func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
            note("serializer")
            return JSONResponseSerializer().responseObject(for: response, data: data)
        }
    }
}
