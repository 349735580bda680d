import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import TestSupport
import Testing

/// The server these tests talk to: Python's httpbin under gunicorn, named by `AFN_INTEROP_URL`
/// (`http://127.0.0.1:PORT`). `.ci/run` installs and starts it; CONTRIBUTING.md, "The test server
/// and the interoperability suite", says how to do the same by hand.
enum InteropServer {
    static let variable = "AFN_INTEROP_URL"

    /// The variable's value, or nil when it is unset or empty.
    static var address: String? {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else { return nil }
        return value
    }

    /// Why a test cannot start: the variable names no usable URL. (Unset, the tests are skipped
    /// instead; set, every mistake must fail loudly.)
    struct Misconfigured: Error, CustomStringConvertible {
        let value: String?
        var description: String { "\(InteropServer.variable)=\(value ?? "(unset)") is not an http:// URL of a server" }
    }

    static func baseURL() throws -> URL {
        guard let address, let url = URL(string: address), url.scheme == "http" || url.scheme == "https",
            url.host != nil
        else {
            throw Misconfigured(value: address)
        }
        return url
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only when `AFN_INTEROP_URL` is set. A fresh clone's `swift test` has no such
    /// server, and a learner's run must not fail for it: without the variable these tests show as
    /// skipped, with this reason. With it, a server that does not answer fails every test.
    static var interopServer: Self {
        .enabled(
            if: InteropServer.address != nil,
            "set AFN_INTEROP_URL to a running httpbin (CONTRIBUTING.md, \"The test server and the interoperability suite\")"
        )
    }
}

/// True where URLSession is FoundationNetworking (Linux), whose known gaps some tests mark.
let isFoundationNetworking: Bool = {
    #if canImport(FoundationNetworking)
    true
    #else
    false
    #endif
}()

/// An HTTP session manager on the interop server, with its own queues and notification center
/// (tests run in parallel and never need a main run loop), invalidated when `body` returns.
func withManager<T>(_ body: (HTTPSessionManager) async throws -> T) async throws -> T {
    let manager = HTTPSessionManager(
        baseURL: try InteropServer.baseURL(), configuration: .ephemeral, notificationCenter: NotificationCenter())
    manager.completionQueue = DispatchQueue(label: "interop.completion")
    manager.notificationQueue = DispatchQueue(label: "interop.notifications")
    defer { manager.invalidateSession(cancelingTasks: true) }
    return try await body(manager)
}

/// What a closure verb's success or failure closure received, in a form that can cross threads:
/// the response object is written back to JSON bytes (a `JSONSerialization` dictionary is not
/// `Sendable`), a `Data` object is kept as it is.
struct Outcome: Sendable {
    let task: URLSessionDataTask?
    let body: Data?
    let error: (any Error)?

    var status: Int? { (task?.response as? HTTPURLResponse)?.statusCode }

    /// The body as httpbin's echo; throws when the call failed or the body is not one.
    func echo() throws -> Echo {
        if let error { throw error }
        return try JSONDecoder().decode(Echo.self, from: try #require(body))
    }
}

extension HTTPSessionManager {
    /// Calls a closure verb and waits for its success or failure closure. Fails the test if either
    /// runs more than once.
    func call(
        within seconds: Double = 60,
        _ verb: (HTTPSessionManager, @escaping Success, @escaping Failure) -> URLSessionDataTask?
    ) async throws -> Outcome {
        let calls = Locked(0)
        let returned = Locked<URLSessionDataTask?>(nil)
        let outcome = try await waitForCallback(
            within: seconds, for: "the verb's success or failure closure",
            progress: {
                returned.value.map {
                    "its task was \($0.state), with \($0.response == nil ? "no response" : "a response")"
                } ?? "the verb had returned no task"
            }
        ) { finish in
            let task = verb(
                self,
                { task, object in
                    calls.withLock { $0 += 1 }
                    finish(.success(Outcome(task: task, body: Self.bytes(of: object), error: nil)))
                },
                { task, error in
                    calls.withLock { $0 += 1 }
                    finish(.success(Outcome(task: task, body: nil, error: error)))
                })
            returned.withLock { $0 = task }
        }
        // A second call of either closure would come on the same serial queue: let it drain first.
        await withCheckedContinuation { continuation in completionQueue.async { continuation.resume() } }
        #expect(calls.value == 1)
        return outcome
    }

    private static func bytes(of object: Any?) -> Data? {
        if let data = object as? Data { return data }
        guard let object, JSONSerialization.isValidJSONObject(object) else { return nil }
        return try? JSONSerialization.data(withJSONObject: object)
    }
}
