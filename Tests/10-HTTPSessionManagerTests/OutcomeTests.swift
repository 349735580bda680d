import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import RequestBodies
import RequestSerialization
import ResponseValidation
import SessionManager
import TestSupport
import Testing

@Suite("Success, failure, and the request that never leaves")
struct OutcomeTests {
    @Test("A 200 calls success, with the task the verb returned")
    func ok() async throws {
        try await Harness.with { harness in
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.get("status/200", success: success, failure: failure)
            }
            #expect(outcome.succeeded)
            #expect(outcome.task === returned)
            #expect(outcome.status == 200)
        }
    }

    @Test("A 404 calls failure with the task; the body is not an argument, but the error carries it and the response")
    func notFound() async throws {
        try await Harness.with { harness in
            let body = #"{"message":"no such user"}"#
            let query =
                "status=404&content-type=application/json&body=" + body.addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics)!
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.get("response?" + query, success: success, failure: failure)
            }
            #expect(!outcome.succeeded)
            #expect(!outcome.hasObject)
            #expect(outcome.task === returned)
            let error = try #require(outcome.error as? ResponseSerializationError)
            #expect(error.reason == .unacceptableStatusCode(404))
            #expect(error.data == Data(body.utf8))
            #expect((error.response as? HTTPURLResponse)?.statusCode == 404)
        }
    }

    @Test("A 204 calls success with no object")
    func noContent() async throws {
        try await Harness.with { harness in
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.get("status/204", success: success, failure: failure)
            }
            #expect(outcome.succeeded)
            #expect(!outcome.hasObject)
            #expect(outcome.status == 204)
        }
    }

    @Test("A refused connection calls failure with the network error and the task")
    func refused() async throws {
        // Port 1 is privileged: no test server can be listening there, whatever runs in parallel
        // (a port freed by a stopped server may be taken at once by another test's server).
        let url = "http://127.0.0.1:1/get"
        try await Harness.with(noBaseURL: true) { harness in
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.get(url, success: success, failure: failure)
            }
            #expect(outcome.task === returned)
            #expect((outcome.error as? URLError)?.code == .cannotConnectToHost)
        }
    }

    /// The ways a request cannot be built, each with the serializer that fails it.
    enum Unbuildable: String, CaseIterable, Sendable {
        case invalidURL = "an invalid URL"
        case queryClosureThrows = "a query closure that throws"
        case notJSON = "parameters that are not valid JSON"
        case notADictionary = "parameters that are not a dictionary"

        struct Refused: Error {}

        func configure(_ manager: HTTPSessionManager) {
            switch self {
            case .invalidURL, .notADictionary:
                break
            case .queryClosureThrows:
                var serializer = HTTPRequestSerializer()
                serializer.queryStringSerialization = .custom { _, _ in throw Refused() }
                manager.requestSerializer = serializer
            case .notJSON:
                manager.requestSerializer = JSONRequestSerializer()
            }
        }

        func send(_ manager: HTTPSessionManager, _ failure: @escaping HTTPSessionManager.Failure) -> URLSessionDataTask?
        {
            switch self {
            case .invalidURL: manager.get("http://[::1", failure: failure)
            case .queryClosureThrows: manager.get("get", parameters: ["key": "value"], failure: failure)
            case .notJSON: manager.post("post", parameters: ["date": Date()], failure: failure)
            case .notADictionary: manager.get("get", parameters: "key=value", failure: failure)
            }
        }

        func matches(_ error: any Error) -> Bool {
            switch (self, error as? RequestSerializationError) {
            case (.invalidURL, .badURL?): true
            case (.queryClosureThrows, .queryStringSerializationFailed(let underlying)?): underlying is Refused
            case (.notJSON, .invalidParameters?): true
            case (.notADictionary, .parametersNotADictionary?): true
            default: false
            }
        }
    }

    @Test(
        "A request that cannot be built: no task, nothing sent, and failure runs later on the completion queue",
        arguments: Unbuildable.allCases)
    func unbuildable(_ kind: Unbuildable) async throws {
        try await Harness.with { harness in
            kind.configure(harness.manager)
            let returnedYet = Locked(false)
            let sawReturn = Locked<Bool?>(nil)
            let (returned, outcome) = try await harness.call { manager, _, failure in
                // Called on the (serial) completion queue itself: a failure dispatched to it can
                // only run once this block has finished; one called in place runs before.
                harness.completionQueue.sync {
                    let task = kind.send(manager) { task, error in
                        sawReturn.withLock { $0 = returnedYet.value }
                        failure(task, error)
                    }
                    returnedYet.withLock { $0 = true }
                    return task
                }
            }
            #expect(returned == nil)
            #expect(outcome.task == nil)
            #expect(sawReturn.value == true)
            #expect(outcome.queue == "test.completion")
            #expect(kind.matches(try #require(outcome.error)), "\(String(describing: outcome.error))")
            #expect(harness.server.requests.isEmpty)
            #expect(harness.manager.taskTable.count == 0)
        }
    }

    @Test("An invalidated session: no task, no crash, and failure gets the session manager's typed error")
    func invalidated() async throws {
        try await Harness.with { harness in
            harness.manager.invalidateSession(cancelingTasks: true)
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.get("get", success: success, failure: failure)
            }
            #expect(returned == nil)
            #expect(outcome.error as? SessionManagerError == .sessionInvalidated)
        }
    }

    @Test("dataTask(withHTTPMethod:) returns the task unresumed, for the caller to adjust and resume")
    func unresumed() async throws {
        try await Harness.with { harness in
            let task = try #require(
                harness.manager.dataTask(withHTTPMethod: "GET", urlString: "get", headers: ["X-Field": "request"]))
            #expect(task.state == .suspended)
            #expect(task.originalRequest?.url == harness.server.url("/get"))
            #expect(task.originalRequest?.value(forHTTPHeaderField: "X-Field") == "request")
            task.cancel()
        }
    }
}
