import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPBinTLS
import HTTPSessionManager
import Locking
import PinnedTransport
import SecurityPolicy
import SessionManager
import Testing

#if canImport(FoundationNetworking)
/// What FoundationNetworking (Swift 6.3.1) cannot do with a `URLProtocol` of its own, and what the
/// transport does instead: refuse with a reason, never crash, never send something else, and
/// never let a request leave the policy.
@Suite("URLSession's client on Linux")
struct ProtocolClientTests {
    /// A protocol that answers every request of its scheme with a response scripted by the test.
    final class ScriptedProtocol: URLProtocol {
        static let started = Protected<[String]>([])
        override class func canInit(with request: URLRequest) -> Bool {
            request.url?.host == "127.0.0.1" && request.url?.path.hasPrefix("/scripted") == true
        }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func startLoading() {
            guard let url = request.url else { return }
            Self.started.withLock { $0.append(url.path) }
            let challenge = url.path.hasSuffix("401")
            let response = HTTPURLResponse(
                url: url, statusCode: challenge ? 401 : 200, httpVersion: "HTTP/1.1",
                headerFields: challenge ? ["WWW-Authenticate": "Basic realm=\"scripted\""] : [:])!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !challenge {
                client?.urlProtocol(self, didLoad: Data("first ".utf8))
                client?.urlProtocol(self, didLoad: Data("second".utf8))
            }
            client?.urlProtocolDidFinishLoading(self)
        }
        override func stopLoading() {}
    }

    final class AnsweringDelegate: NSObject, URLSessionDataDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            completionHandler(.useCredential, URLCredential(user: "user", password: "secret", persistence: .none))
        }
    }

    @Test("FoundationNetworking keeps only the last chunk a protocol loads for a task with a completion handler")
    func lastChunkOnly() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [ScriptedProtocol.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let (data, _) = try await session.data(from: URL(string: "http://127.0.0.1:9/scripted/chunks")!)
        #expect(
            String(decoding: data, as: UTF8.self) == "second",
            "FoundationNetworking now keeps every chunk: the transport may stop sending such a task its body whole")
    }

    @Test("A 401 answered with a credential is sent again by FoundationNetworking's own protocol, not the session's")
    func credentialLeavesTheProtocol() async throws {
        try await HTTPBin.serving { server in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [ScriptedProtocol.self]
            let session = URLSession(configuration: configuration, delegate: AnsweringDelegate(), delegateQueue: nil)
            defer { session.invalidateAndCancel() }
            let url = server.url("/scripted/basic-auth/user/secret/401")
            _ = try? await session.data(from: url)
            #expect(ScriptedProtocol.started.withLock { $0 }.filter { $0.hasSuffix("secret/401") }.count == 1)
            #expect(
                server.requests.contains { $0.header("Authorization") != nil },
                "the retry with the credential went to the server through libcurl, around the protocol")
        }
    }

    @Test("A download task is refused with -1002 and a reason (FoundationNetworking would stop the process)")
    func downloadRefused() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let error = await withCheckedContinuation { continuation in
                do {
                    let task = try manager.downloadTask(
                        with: URLRequest(url: server.url("/bytes/10")),
                        completionHandler: { _, _, error in continuation.resume(returning: error) })
                    manager.resume(task)
                } catch {
                    continuation.resume(returning: error)
                }
            }
            #expect((error as? URLError)?.code == .unsupportedURL, "\(String(describing: error))")
            #expect("\(String(describing: error))".contains("download task"))
            #expect(server.server.connectionCount == 0)
        }
    }

    @Test("An upload task whose body the protocol cannot see is refused, not sent without its body")
    func uploadFromDataRefused() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            var request = URLRequest(url: server.url("/post"))
            request.httpMethod = "POST"
            let error = await withCheckedContinuation { continuation in
                do {
                    let task = try manager.uploadTask(
                        with: request, from: Data("payload".utf8),
                        completionHandler: { _, _, error in continuation.resume(returning: error) })
                    manager.resume(task)
                } catch {
                    continuation.resume(returning: error)
                }
            }
            #expect((error as? URLError)?.code == .unsupportedURL, "\(String(describing: error))")
            #expect(server.server.requests.isEmpty)
        }
    }

    @Test("A 401 completes as a 401: the challenge FoundationNetworking would answer outside the policy is not raised")
    func challengeStaysUnderThePolicy() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let asked = Protected(0)
            manager.updateHooks { hooks in
                hooks.authenticationChallengeHandler = { _, _, _, _ in
                    asked.withLock { $0 += 1 }
                    return .credential(URLCredential(user: "user", password: "secret", persistence: .none))
                }
            }
            let outcome = await Pinned.get(manager, server.url("/basic-auth/user/secret"))
            #expect(outcome.status == 401, "\(outcome)")
            #expect(asked.withLock { $0 } == 0, "a credential would have sent the request again through libcurl")
            #expect(server.server.requests.count == 1)
            #expect(outcome.response?.value(forHTTPHeaderField: "WWW-Authenticate") == nil)
        }
    }
}
#endif
