import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import PinnedTransport
import ResponseValidation
import SecurityPolicy
import SessionManager
import TestCertificates
import TestSupport
import Testing

/// Chapter 12's pinned manager against a TLS server nobody here wrote: nginx terminating TLS, with
/// a certificate openssl made on the spot, in front of httpbin under gunicorn.
/// `Tests/InteropTests/nginx-tls.sh` starts it (`.ci/run` does) and prints the three settings.
enum PinnedInteropServer {
    static var address: String? {
        ProcessInfo.processInfo.environment["AFN_INTEROP_TLS_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The CA that signed nginx's certificate, as DER (from the PEM file openssl wrote).
    static func authority() throws -> Data {
        let path = try #require(environment["AFN_INTEROP_TLS_CA"], "AFN_INTEROP_TLS_CA names the CA's PEM file")
        let pem = try String(contentsOfFile: path, encoding: .utf8)
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return try #require(Data(base64Encoded: base64), "\(path) is not a PEM certificate")
    }

    /// nginx's access log: `CONNECTION RANK "REQUEST LINE" STATUS`, one line per request.
    static func log() throws -> [(connection: String, request: String)] {
        let path = try #require(environment["AFN_INTEROP_TLS_LOG"], "AFN_INTEROP_TLS_LOG names nginx's access log")
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: " ", maxSplits: 2)
            return (String(fields[0]), fields.count > 2 ? String(fields[2]) : "")
        }
    }

    /// A pinned manager for nginx: the CA both trusted and pinned (certificate mode), the host
    /// checked, the time now.
    static func manager(pinning pins: Set<Data>? = nil, configure: (URLSessionConfiguration) -> Void = { _ in }) throws
        -> HTTPSessionManager
    {
        let authority = try authority()
        let configuration = URLSessionConfiguration.ephemeral
        configure(configuration)
        let url = try #require(address.flatMap(URL.init(string:)))
        let manager = HTTPSessionManager(
            baseURL: url, configuration: configuration.withPinnedHTTPS(), notificationCenter: NotificationCenter())
        manager.completionQueue = DispatchQueue(label: "interop.pinned.completion")
        manager.notificationQueue = DispatchQueue(label: "interop.pinned.notifications")
        let policy = SecurityPolicy(pinningMode: .certificate, pinnedCertificates: pins ?? [authority])
        try manager.setSecurityPolicy(TrustSettings(policy: policy, roots: .certificates([authority])))
        return manager
    }
}

extension Trait where Self == ConditionTrait {
    static var pinnedInteropServer: Self {
        .enabled(
            if: PinnedInteropServer.address != nil,
            "set AFN_INTEROP_TLS_URL (and _CA, _LOG) with Tests/InteropTests/nginx-tls.sh (CONTRIBUTING.md, \"The test server and the interoperability suite\")"
        )
    }
}

/// What one request through the pinned manager ended with.
struct PinnedOutcome: Sendable {
    var response: HTTPURLResponse?
    var data: Data?
    var error: (any Error)?
    var json: [String: Any]? { data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } }
}

extension HTTPSessionManager {
    func pinned(_ request: URLRequest) async -> PinnedOutcome {
        var serializer = HTTPResponseSerializer()
        serializer.acceptableStatusCodes = nil
        return await withCheckedContinuation { continuation in
            do {
                let task = try dataTask(
                    with: request, responseSerializer: serializer,
                    completionHandler: { response, object, error in
                        continuation.resume(
                            returning: PinnedOutcome(
                                response: response as? HTTPURLResponse, data: object as? Data, error: error))
                    })
                resume(task)
            } catch {
                continuation.resume(returning: PinnedOutcome(error: error))
            }
        }
    }

    func pinned(_ path: String) async throws -> PinnedOutcome {
        await pinned(URLRequest(url: try #require(URL(string: path, relativeTo: baseURL))))
    }
}

@Suite("The pinned manager against nginx and httpbin", .pinnedInteropServer)
struct PinnedInteropTests {
    @Test("Requests pinned to nginx's CA succeed, and share one kept-alive connection")
    func keptAlive() async throws {
        let manager = try PinnedInteropServer.manager()
        defer { manager.invalidateSession(cancelingTasks: true) }
        let marker = UUID().uuidString
        for index in 0..<5 {
            let outcome = try await manager.pinned("get?run=\(marker)&n=\(index)")
            #expect(outcome.response?.statusCode == 200, "\(String(describing: outcome.error))")
            #expect((outcome.json?["args"] as? [String: String])?["n"] == "\(index)")
        }
        let connections = try PinnedInteropServer.log().filter { $0.request.contains(marker) }.map(\.connection)
        #expect(connections.count == 5)
        #expect(Set(connections).count == 1, "five sequential requests, one connection: \(connections)")
    }

    @Test("Pins of another CA refuse nginx with -1202, and no request reaches httpbin")
    func refused() async throws {
        let manager = try PinnedInteropServer.manager(pinning: [TestPKI.shared.otherRoot.data])
        defer { manager.invalidateSession(cancelingTasks: true) }
        let marker = UUID().uuidString
        let outcome = try await manager.pinned("get?run=\(marker)")
        #expect(
            (outcome.error as? URLError)?.code == .serverCertificateUntrusted, "\(String(describing: outcome.error))")
        #expect(try PinnedInteropServer.log().filter { $0.request.contains(marker) }.isEmpty)
    }

    @Test("httpbin's redirects are followed, the cookies they set are sent, gzip arrives decoded")
    func asURLSessionDoes() async throws {
        let manager = try PinnedInteropServer.manager()
        defer { manager.invalidateSession(cancelingTasks: true) }
        let cookies = try await manager.pinned("cookies/set?flavour=oat")
        #expect(
            (cookies.json?["cookies"] as? [String: String]) == ["flavour": "oat"],
            "\(String(describing: cookies.error))")
        let redirected = try await manager.pinned("redirect/2")
        #expect(redirected.response?.url?.path == "/get")
        let gzip = try await manager.pinned("gzip")
        #expect(gzip.json?["gzipped"] as? Bool == true, "\(String(describing: gzip.error))")
        let headers = try await manager.pinned("response-headers?X-Tag=a&X-Tag=b")
        #expect(headers.response?.value(forHTTPHeaderField: "X-Tag") == "a, b")
    }

    @Test("A streamed body arrives whole through nginx; a slow answer times out with -1001")
    func bodiesAndTimeouts() async throws {
        let manager = try PinnedInteropServer.manager()
        defer { manager.invalidateSession(cancelingTasks: true) }
        var post = URLRequest(url: try #require(URL(string: "post", relativeTo: manager.baseURL)))
        post.httpMethod = "POST"
        post.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let text = String(repeating: "pinned ", count: 100_000)
        post.httpBodyStream = InputStream(data: Data(text.utf8))
        let echoed = await manager.pinned(post)
        #expect((echoed.json?["data"] as? String)?.count == text.utf8.count, "\(String(describing: echoed.error))")
        var slow = URLRequest(url: try #require(URL(string: "delay/5", relativeTo: manager.baseURL)))
        slow.timeoutInterval = 1
        let timedOut = await manager.pinned(slow)
        #expect((timedOut.error as? URLError)?.code == .timedOut, "\(String(describing: timedOut.error))")
    }
}
