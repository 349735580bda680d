import Chapter08Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import Locking
import Testing

/// Every test drives one completion with the order forced, not left to luck: the completion queue
/// is held until the serializer has finished and everything already queued on the notification
/// queue has run, and the handler, when it starts, first lets the notification queue run what it
/// holds. A notification queued anywhere but after the handler has returned is then seen to run
/// first, every time.
@Suite("8.3 Find the completion that lies about its order")
struct CompleteTests {
    @Test("Success: the serializer on the processing queue, then the handler on the completion queue, then the notification")
    func success() async {
        let run = await Run.completing(status: 200, body: #"{"id":7}"#, error: nil)
        #expect(run.log == Run.serializedPath, "\(run.explanation)")
        #expect(run.call?.object == #"{"id":7}"#)
        #expect(run.call?.error == nil)
    }

    @Test("A 404 with a JSON body: the handler gets the object and the error together, and the notification still comes last")
    func objectAndError() async {
        let run = await Run.completing(status: 404, body: #"{"error":"missing"}"#, error: nil)
        #expect(run.log == Run.serializedPath, "\(run.explanation)")
        #expect(run.call?.object == #"{"error":"missing"}"#, "a failed status still has its body parsed (chapter 5)")
        #expect(run.call?.error == "unacceptableStatusCode(404)")
    }

    @Test("A network error: no serializer, the error and no object on the completion queue, then the notification")
    func networkError() async {
        let run = await Run.completing(status: 200, body: #"{"id":7}"#, error: URLError(.networkConnectionLost))
        #expect(run.log == Run.networkErrorPath, "\(run.explanation)")
        #expect(run.call?.object == nil, "a network error hands over no object")
        #expect(run.call?.error == "URLError(-1005)")
    }

    @Test("On both paths the handler runs inside the completion group, and the notification comes after it", arguments: [false, true])
    func group(withError: Bool) async {
        let run = await Run.completing(status: 200, body: "[]", error: withError ? URLError(.timedOut) : nil)
        #expect(run.groupWasBusyInHandler == true, "while the handler runs, the completion group should not be empty")
        #expect(run.groupIsEmptyAfterwards, "the group should be left once the handler has returned")
        #expect(run.log == (withError ? Run.networkErrorPath : Run.serializedPath), "\(run.explanation)")
    }
}

/// One completion, driven step by step: which queue each step ran on, and what the handler got.
struct Run: Sendable {
    struct Call: Sendable {
        var object: String?
        var error: String?
    }

    var log: [String]
    var calls: [Call]
    var groupWasBusyInHandler: Bool?
    var groupIsEmptyAfterwards: Bool
    var stuck: String?
    var afterNetworkError: Bool

    var call: Call? { calls.first }

    static let serializedPath = ["serializer on processing", "handler on completion", "notify on notification"]
    static let networkErrorPath = ["handler on completion", "notify on notification"]

    /// What the log says went wrong, in words.
    var explanation: String {
        if let stuck { return stuck }
        let handler = log.firstIndex { $0.hasPrefix("handler") }
        let notify = log.firstIndex { $0.hasPrefix("notify") }
        var problems: [String] = []
        if handler == nil { problems.append("the handler never ran") }
        if notify == nil { problems.append("notify never ran") }
        if let handler, let notify, notify < handler {
            problems.append("the notification ran before the handler: it must be queued after the handler has returned, from the handler's own block, not beside it")
        }
        if afterNetworkError && log.contains(where: { $0.hasPrefix("serializer") }) {
            problems.append("the serializer ran after a network error: there is no document in a body that stopped halfway, so the handler gets the error at once")
        }
        if log.contains(where: { $0.hasPrefix("serializer") }) && !log.contains("serializer on processing") {
            problems.append("the serializer must run on the processing queue")
        }
        problems += log.filter { $0.hasPrefix("handler") && $0 != "handler on completion" }.map { "\($0): the handler belongs on the completion queue" }
        problems += log.filter { $0.hasPrefix("notify") && $0 != "notify on notification" }.map { "\($0): notify belongs on the notification queue" }
        return problems.isEmpty ? "log: \(log)" : problems.joined(separator: "; ") + " (log: \(log))"
    }

    static let key = DispatchSpecificKey<String>()

    static func queue(_ name: String, _ attributes: DispatchQueue.Attributes = []) -> DispatchQueue {
        let queue = DispatchQueue(label: name, attributes: attributes)
        queue.setSpecific(key: key, value: name)
        return queue
    }

    static func completing(status: Int, body: String, error: (any Error)?) async -> Run {
        await withCheckedContinuation { (done: CheckedContinuation<Run, Never>) in
            // All the waiting happens on a thread of its own, never on the test's.
            DispatchQueue(label: "8.3 driver").async {
                done.resume(returning: drive(status: status, body: body, error: error))
            }
        }
    }

    private static func drive(status: Int, body: String, error: (any Error)?) -> Run {
        let queues = CompletionQueues(
            processing: queue("processing", .concurrent), completion: queue("completion"),
            group: DispatchGroup(), notification: queue("notification"))
        let log = Locked<[String]>([])
        let calls = Locked<[Call]>([])
        let groupWasBusy = Locked<Bool?>(nil)
        @Sendable func note(_ step: String) {
            log.withLock { $0.append("\(step) on \(DispatchQueue.getSpecific(key: key) ?? "another queue")") }
        }
        let response = HTTPURLResponse(
            url: URL(string: "http://127.0.0.1:9/")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])

        // 1. Hold the completion queue.
        let gate = DispatchSemaphore(value: 0)
        queues.completion.async { gate.wait() }
        Chapter08Exercise3.complete(
            response: response, data: Data(body.utf8), error: error, serializer: Noting(note: note), queues: queues,
            handler: { _, object, error in
                // 3. Whatever the notification queue holds now was queued before the handler ran.
                queues.notification.sync {}
                note("handler")
                groupWasBusy.withLock { $0 = queues.group.wait(timeout: .now()) == .timedOut }
                calls.withLock { $0.append(Call(object: describe(object), error: describe(error))) }
            },
            notify: { note("notify") })
        // 2. Let the serializer finish, and everything queued so far for the notification run.
        let drained = DispatchSemaphore(value: 0)
        queues.processing.async(flags: .barrier) { drained.signal() }
        let stuck: String? = drained.wait(timeout: .now() + 30) == .timedOut
            ? "the processing queue did not finish while the completion queue was busy: does it wait for the completion queue (sync)?" : nil
        queues.notification.sync {}
        // 4. Release the completion queue, let the handler run, then whatever it queued.
        gate.signal()
        queues.completion.sync {}
        queues.notification.sync {}
        return Run(
            log: log.value, calls: calls.value, groupWasBusyInHandler: groupWasBusy.value,
            groupIsEmptyAfterwards: queues.group.wait(timeout: .now()) == .success, stuck: stuck,
            afterNetworkError: error != nil)
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
        case let error as ResponseSerializationError:
            if case .unacceptableStatusCode(let code) = error.reason { "unacceptableStatusCode(\(code))" } else { "\(error.reason)" }
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

/// A value shared between the queues of one test, under the course's one lock type.
typealias Locked = Protected
