import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import Locking
import TestCertificates
import Testing

#if canImport(FoundationNetworking)
/// The fact chapter 12 is built around: URLSession on Linux (libcurl underneath) checks the
/// certificate against the system's CA bundle itself, asks no delegate, and reports a failure as
/// an unknown error.
@Suite("URLSession on Linux and server trust")
struct LinuxGapTests {
    final class Recorder: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        let challenges = Protected<[String]>([])

        func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            challenges.withLock { $0.append("session: \(challenge.protectionSpace.authenticationMethod)") }
            completionHandler(.performDefaultHandling, nil)
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            challenges.withLock { $0.append("task: \(challenge.protectionSpace.authenticationMethod)") }
            completionHandler(.performDefaultHandling, nil)
        }
    }

    @Test("A request to a self-signed server reaches no challenge method and fails with -1")
    func noServerTrustChallenge() async throws {
        try await TLSServer.with(TLSServer.selfSigned) { server in
            let recorder = Recorder()
            let session = URLSession(configuration: .ephemeral, delegate: recorder, delegateQueue: nil)
            defer { session.invalidateAndCancel() }
            let error = await #expect(throws: (any Error).self) { _ = try await session.data(from: server.url("/get")) }
            #expect(error.map { $0 as NSError }?.domain == NSURLErrorDomain)
            #expect(error.map { $0 as NSError }?.code == NSURLErrorUnknown, "\(String(describing: error))")
            #expect(recorder.challenges.withLock { $0 }.isEmpty)
            #expect(server.server.requests.isEmpty)
        }
    }

    /// A FoundationNetworking bug: its `NSURLError…` constants of the TLS family are one off from
    /// Apple's (and from its own `URLError.Code`), so an error built from the constant is not the
    /// code an app tests. The transport builds its errors from `URLError.Code`. The day this test
    /// fails, FoundationNetworking has been fixed: update chapters/linux-urlsession.md.
    @Test("FoundationNetworking's NSURLError constants -1200…-1206 are shifted by one; URLError.Code's are Apple's")
    func shiftedConstants() {
        let constants = [
            NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasUnknownRoot,
            NSURLErrorServerCertificateNotYetValid, NSURLErrorClientCertificateRejected,
            NSURLErrorClientCertificateRequired,
        ]
        #expect(
            constants == Array((-1207)...(-1201)).reversed(),
            "FoundationNetworking's constants are no longer shifted: say so in chapters/linux-urlsession.md")
        let codes: [URLError.Code] = [
            .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired,
        ]
        #expect(codes.map(\.rawValue) == Array((-1206)...(-1200)).reversed())
        #expect(URLError(.serverCertificateUntrusted).errorCode != NSURLErrorServerCertificateUntrusted)
    }
}
#endif
