import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import RequestBodies
import RequestSerialization
import SessionManager
import TestSupport
import Testing

@Suite("Every verb against HTTPBin, with per-request headers")
struct VerbTests {
    /// A manager whose serializer sends `X-Field: default` and `X-Kept: kept` with every request.
    private func withDefaults(_ body: (Harness) async throws -> Void) async throws {
        try await Harness.with { harness in
            var serializer = HTTPRequestSerializer()
            serializer.setValue("default", forHTTPHeaderField: "X-Field")
            serializer.setValue("kept", forHTTPHeaderField: "X-Kept")
            harness.manager.requestSerializer = serializer
            try await body(harness)
        }
    }

    @Test("GET puts the parameters in the query, and a per-request header replaces the serializer's default")
    func get() async throws {
        try await withDefaults { harness in
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.get(
                    "get", parameters: ["key": "value"], headers: ["X-Field": "request"], success: success,
                    failure: failure)
            }
            let echo = try outcome.echo()
            #expect(outcome.succeeded)
            #expect(echo.method == "GET")
            #expect(echo.args == ["key": ["value"]])
            #expect(echo.headers["x-field"] == "request")
            #expect(echo.headers["x-kept"] == "kept")
            #expect(returned === outcome.task)
            #expect(outcome.task?.originalRequest?.value(forHTTPHeaderField: "X-Field") == "request")
            #expect(outcome.queue == "test.completion")
        }
    }

    @Test("HEAD succeeds with the task and no object, and sends its parameters in the query")
    func head() async throws {
        try await withDefaults { harness in
            let headed = Locked<URLSessionDataTask?>(nil)
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.head(
                    "get", parameters: ["key": "value"], headers: ["X-Field": "request"],
                    success: { task in
                        headed.withLock { $0 = task }
                        success(task, nil)
                    }, failure: failure)
            }
            #expect(outcome.succeeded)
            #expect(!outcome.hasObject)
            #expect(headed.value === returned)
            let recorded = try #require(harness.server.requests.last)
            #expect(recorded.method == "HEAD")
            #expect(recorded.uri == "/get?key=value")
            #expect(recorded.headers.contains { $0.name.lowercased() == "x-field" && $0.value == "request" })
        }
    }

    @Test(
        "POST, PUT and PATCH send the parameters as a form body, with the per-request header",
        arguments: ["POST", "PUT", "PATCH"])
    func formBody(method: String) async throws {
        try await withDefaults { harness in
            let path = method.lowercased()
            let (_, outcome) = try await harness.call { manager, success, failure in
                let parameters = ["key": "value", "list": ["a", "b"]] as [String: Any]
                let headers = ["X-Field": "request"]
                switch method {
                case "POST":
                    return manager.post(
                        path, parameters: parameters, headers: headers, success: success, failure: failure)
                case "PUT":
                    return manager.put(
                        path, parameters: parameters, headers: headers, success: success, failure: failure)
                default:
                    return manager.patch(
                        path, parameters: parameters, headers: headers, success: success, failure: failure)
                }
            }
            let echo = try outcome.echo()
            #expect(outcome.succeeded)
            #expect(echo.method == method)
            #expect(echo.query == "")
            #expect(echo.form == ["key": ["value"], "list[]": ["a", "b"]])
            #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(echo.headers["x-field"] == "request")
            #expect(echo.headers["x-kept"] == "kept")
        }
    }

    @Test("DELETE puts the parameters in the query and sends no body")
    func delete() async throws {
        try await withDefaults { harness in
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.delete(
                    "delete", parameters: ["key": "value"], headers: ["X-Field": "request"], success: success,
                    failure: failure)
            }
            let echo = try outcome.echo()
            #expect(echo.method == "DELETE")
            #expect(echo.args == ["key": ["value"]])
            #expect(echo.bodySize == 0)
            #expect(echo.headers["x-field"] == "request")
        }
    }

    @Test("A per-request Content-Type replaces the one the serializer wrote for the body")
    func contentTypeOverride() async throws {
        try await Harness.with { harness in
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.post(
                    "post", parameters: ["key": "value"],
                    headers: ["content-type": "application/x-www-form-urlencoded; charset=utf-8"],
                    success: success, failure: failure)
            }
            let echo = try outcome.echo()
            #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded; charset=utf-8")
            #expect(echo.form == ["key": ["value"]])
        }
    }

    @Test("A multipart POST sends the parameters as fields before the form's file, with the per-request header")
    func multipart() async throws {
        try await withDefaults { harness in
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.post(
                    "post", parameters: ["key": "value"], headers: ["X-Field": "request"],
                    constructingBodyWith: { form in
                        form.appendPart(
                            withFileData: Data("Data".utf8), name: "DataName", fileName: "DataFileName",
                            mimeType: "data")
                    }, success: success, failure: failure)
            }
            let echo = try outcome.echo()
            #expect(outcome.succeeded)
            #expect(returned is URLSessionUploadTask)
            #expect(echo.form == ["key": ["value"]])
            #expect(
                echo.parts == [
                    HTTPBin.Echo.Part(name: "key", size: 5),
                    HTTPBin.Echo.Part(name: "DataName", filename: "DataFileName", contentType: "data", size: 4),
                ])
            #expect(echo.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
            #expect(echo.headers["x-field"] == "request")
            #expect(echo.headers["x-kept"] == "kept")
        }
    }

    @Test("A multipart POST with an empty form and no parameters sends an empty body, as a plain data task")
    func emptyMultipart() async throws {
        try await Harness.with { harness in
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.post("post", constructingBodyWith: nil, success: success, failure: failure)
            }
            #expect(outcome.succeeded)
            #expect(!(returned is URLSessionUploadTask))
            #expect(try outcome.echo().bodySize == 0)
        }
    }

    @Test("A multipart POST whose form cannot be built fails with that error, no task, and sends nothing")
    func multipartFailure() async throws {
        try await Harness.with { harness in
            let missing = URL(fileURLWithPath: "/no/such/file.txt")
            let (returned, outcome) = try await harness.call { manager, success, failure in
                manager.post(
                    "post", constructingBodyWith: { form in try form.appendPart(withFileURL: missing, name: "file") },
                    success: success, failure: failure)
            }
            #expect(returned == nil)
            #expect(outcome.task == nil)
            guard case .fileNotReachable(let url) = try #require(outcome.error as? MultipartFormError) else {
                Issue.record("expected fileNotReachable, got \(String(describing: outcome.error))")
                return
            }
            #expect(url == missing)
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test("Every verb resumes its task through chapter 9's manager, which posts one taskDidResume per request")
    func resumedThroughTheManager() async throws {
        try await Harness.with { harness in
            let resumed = Locked<[URLSessionTask]>([])
            let center = harness.manager.notificationCenter
            let observer = center.addObserver(forName: .taskDidResume, object: nil, queue: nil) { note in
                guard let task = note.object as? URLSessionTask else { return }
                resumed.withLock { $0.append(task) }
            }
            defer { center.removeObserver(observer) }
            let (get, _) = try await harness.call { manager, success, failure in
                manager.get("get", success: success, failure: failure)
            }
            let (multipart, _) = try await harness.call { manager, success, failure in
                manager.post(
                    "post",
                    constructingBodyWith: { form in
                        form.appendPart(
                            withFileData: Data("Data".utf8), name: "file", fileName: "file.txt", mimeType: "text/plain")
                    }, success: success, failure: failure)
            }
            await withCheckedContinuation { continuation in harness.notificationQueue.async { continuation.resume() } }
            let tasks = resumed.value
            #expect(
                tasks.count == 2 && tasks.first === get && tasks.last === multipart,
                "\(tasks.count) resume notification(s) for 2 requests: a task resumed with task.resume() posts none")
        }
    }

    @Test("Hidden basic auth: the serializer's Authorization header gets in where no challenge ever comes")
    func hiddenBasicAuth() async throws {
        try await Harness.with { harness in
            let refused = try await harness.call { manager, success, failure in
                manager.get("hidden-basic-auth/user/passwd", success: success, failure: failure)
            }
            #expect(refused.outcome.status == 404)
            var serializer = HTTPRequestSerializer()
            serializer.setAuthorizationHeader(username: "user", password: "passwd")
            harness.manager.requestSerializer = serializer
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.get("hidden-basic-auth/user/passwd", success: success, failure: failure)
            }
            #expect(outcome.succeeded)
            #expect(outcome.status == 200)
        }
    }
}
