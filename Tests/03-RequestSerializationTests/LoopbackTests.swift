import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import RequestSerialization
import Testing

/// One loopback server for every test of this target, started on first use; the tests run in
/// parallel, so each one sends to a path of its own and finds its request by that path.
enum Loopback {
    static let server = Task { try await HTTPBin.start() }
}

/// Sends `request` with a completion handler (not `data(for:)`, whose cancellation can deadlock on
/// Linux) and decodes what HTTPBin echoed. Bounded by the request's timeout.
func send(_ request: URLRequest, on session: URLSession = .shared) async throws -> HTTPBin.Echo {
    let data = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
        session.dataTask(with: request) { data, _, error in
            continuation.resume(
                with: Result {
                    if let error { throw error }
                    return data ?? Data()
                })
        }.resume()
    }
    return try JSONDecoder().decode(HTTPBin.Echo.self, from: data)
}

@Suite("Serialized requests as the loopback server receives them")
struct LoopbackTests {
    @Test("A GET's parameters arrive in its query, after the query the URL already had")
    func getQuery() async throws {
        let server = try await Loopback.server.value
        let request = try fixedSerializer().request(
            method: "GET", urlString: server.url("/anything/get-query?sort=name").absoluteString,
            parameters: ["q": "swift & nio", "tags": ["a", "b"]])
        let echo = try await send(request)
        #expect(echo.method == "GET")
        #expect(echo.args == ["sort": ["name"], "q": ["swift & nio"], "tags[]": ["a", "b"]])
        #expect(echo.bodySize == 0)
    }

    @Test("A POST's parameters arrive as form fields, with the form Content-Type")
    func postForm() async throws {
        let server = try await Loopback.server.value
        let request = try fixedSerializer().request(
            method: "POST", urlString: server.url("/anything/post-form").absoluteString,
            parameters: ["user": ["name": "Zoë"], "remember": true])
        let echo = try await send(request)
        #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(echo.form == ["user[name]": ["Zoë"], "remember": ["1"]])
        #expect(echo.query.isEmpty)
    }

    @Test("The default headers arrive, and URLSession adds no User-Agent or Accept-Language of its own")
    func defaultHeaders() async throws {
        let server = try await Loopback.server.value
        var serializer = HTTPRequestSerializer(languages: ["fr-CH", "fr"], userAgent: "Loopback/3 (Linux)")
        serializer.setAuthorizationHeader(username: "ada", password: "lovelace")
        let request = try serializer.request(
            method: "GET", urlString: server.url("/anything/default-headers").absoluteString)
        _ = try await send(request)
        let received = try #require(server.requests.first { $0.path == "/anything/default-headers" })
        #expect(received.headers.filter { $0.name.lowercased() == "user-agent" }.map(\.value) == ["Loopback/3 (Linux)"])
        #expect(
            received.headers.filter { $0.name.lowercased() == "accept-language" }.map(\.value) == [
                "fr-CH;q=1, fr;q=0.9"
            ])
        #expect(received.header("Authorization") == "Basic YWRhOmxvdmVsYWNl")
    }

    @Test("A custom closure's query arrives as the closure wrote it")
    func customQuery() async throws {
        let server = try await Loopback.server.value
        var serializer = fixedSerializer()
        serializer.queryStringSerialization = .custom { _, _ in "key**value" }
        let request = try serializer.request(
            method: "DELETE", urlString: server.url("/anything/custom-query").absoluteString,
            parameters: ["key": "value"])
        let echo = try await send(request)
        #expect(echo.method == "DELETE")
        #expect(echo.query == "key**value")
    }

    @Test("A timeout set on the serializer overrides the session's; one left unset does not")
    func timeoutOnlyWhenSet() async throws {
        let server = try await Loopback.server.value
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1  // whole seconds: FoundationNetworking truncates
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let slow = server.url("/delay/1500").absoluteString  // answers after 1.5 s

        var patient = fixedSerializer()
        patient.timeoutInterval = 5
        let unset = try fixedSerializer().request(method: "GET", urlString: slow)
        let set = try patient.request(method: "GET", urlString: slow)
        // Both at once, so that the test takes 1.5 s, not 2.5.
        async let timedOut = outcome(of: unset, on: session)
        async let answered = outcome(of: set, on: session)
        let results = await (timedOut, answered)

        switch results.0 {
        case .success:
            Issue.record(
                "the request whose timeout was never set waited 1.5 s for its answer instead of timing out after the session's 1 s: a timeout was written on it, and a request's own timeout overrides the session's"
            )
        case .failure(let error):
            #expect((error as? URLError)?.code == .timedOut, "\(error)")
        }
        #expect(
            try results.1.get().path == "/delay/1500", "the request whose timeout was set to 5 s did not get its answer"
        )
    }

    private func outcome(of request: URLRequest, on session: URLSession) async -> Result<HTTPBin.Echo, any Error> {
        do {
            return .success(try await send(request, on: session))
        } catch {
            return .failure(error)
        }
    }
}
