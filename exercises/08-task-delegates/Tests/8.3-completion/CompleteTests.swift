import Chapter08Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import Synchronization
import Testing

@Suite("8.3 Dispatch the completion")
struct CompleteTests {
    @Test("Success: the serializer on the processing queue, then the handler on the completion queue, then the notification")
    func success() async {
        let run = Run()
        await run.complete(status: 200, body: #"{"id":7}"#, error: nil)
        #expect(run.log.value == ["serializer on processing", "handler on completion", "notify on notification"])
        #expect(run.call?.object == #"{"id":7}"#)
        #expect(run.call?.error == nil)
    }

    @Test("A 404 with a JSON body: the handler gets the object and the error together")
    func objectAndError() async {
        let run = Run()
        await run.complete(status: 404, body: #"{"error":"missing"}"#, error: nil)
        #expect(run.call?.object == #"{"error":"missing"}"#)
        #expect(run.call?.error == "unacceptableStatusCode(404)")
    }

    @Test("A network error: no serialization, no object, the error, on the completion queue, then the notification")
    func networkError() async {
        let run = Run()
        await run.complete(status: 200, body: #"{"id":7}"#, error: URLError(.networkConnectionLost))
        #expect(run.log.value == ["handler on completion", "notify on notification"])
        #expect(run.call?.object == nil)
        #expect(run.call?.error == "URLError(-1005)")
    }

    @Test("The handler runs inside the completion group", arguments: [false, true])
    func group(withError: Bool) async {
        let run = Run()
        // Asked from inside the handler, so that nothing blocks: a group that is not empty while
        // the handler runs is one the handler runs in.
        let groupWasBusy = Locked<Bool?>(nil)
        run.onHandler = { groupWasBusy.withLock { $0 = run.queues.group.wait(timeout: .now()) == .timedOut } }
        await run.complete(status: 200, body: "[]", error: withError ? URLError(.timedOut) : nil)
        #expect(groupWasBusy.value == true, "the handler should run inside the completion group")
        #expect(run.queues.group.wait(timeout: .now()) == .success)
    }
}

/// One completion, recorded: which queue each step ran on, and what the handler got.
final class Run: Sendable {
    struct Call: Sendable {
        var object: String?
        var error: String?
    }

    static let key = DispatchSpecificKey<String>()
    let queues = CompletionQueues(
        processing: Run.queue("processing", .concurrent), completion: Run.queue("completion"),
        group: DispatchGroup(), notification: Run.queue("notification"))
    let log = Locked<[String]>([])
    let calls = Locked<[Call]>([])
    private let hook = Mutex<(@Sendable () -> Void)?>(nil)

    var onHandler: (@Sendable () -> Void)? {
        get { hook.withLock { $0 } }
        set { hook.withLock { $0 = newValue } }
    }
    var call: Call? { calls.value.first }

    static func queue(_ name: String, _ attributes: DispatchQueue.Attributes = []) -> DispatchQueue {
        let queue = DispatchQueue(label: name, attributes: attributes)
        queue.setSpecific(key: key, value: name)
        return queue
    }

    private func note(_ step: String) {
        log.withLock { $0.append("\(step) on \(DispatchQueue.getSpecific(key: Run.key) ?? "another queue")") }
    }

    func complete(status: Int, body: String, error: (any Error)?) async {
        let response = HTTPURLResponse(
            url: URL(string: "http://127.0.0.1:9/")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])
        let serializer = Noting(run: self)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Chapter08Exercise3.complete(
                response: response, data: Data(body.utf8), error: error, serializer: serializer, queues: queues,
                handler: { [self] _, object, error in
                    note("handler")
                    calls.withLock { $0.append(Call(object: Run.describe(object), error: Run.describe(error))) }
                    onHandler?()
                },
                notify: { [self] in
                    note("notify")
                    done.resume()
                })
        }
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

    struct Noting: ResponseSerializer {
        let run: Run
        func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
            run.note("serializer")
            return JSONResponseSerializer().responseObject(for: response, data: data)
        }
    }
}

/// A value shared between the queues of one test.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    var value: Value { mutex.withLock { $0 } }
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}
