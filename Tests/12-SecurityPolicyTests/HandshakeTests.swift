import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import PinnedTransport
import SecurityPolicy
import TestCertificates
import Testing

/// Real TLS handshakes with HTTPBin's TLS listener: the NIO client hands each chain to the policy,
/// and only the right server gets a request through.
@Suite("Real handshakes")
struct HandshakeTests {
    static let pinningIntermediate = trustSettings(policy(.publicKey, pinning: [pki.intermediate]))

    @Test("The right server passes, and its response arrives")
    func rightServer() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let (response, data) = try await PinnedHTTPClient(trust: Self.pinningIntermediate).send(
                URLRequest(url: server.url("/get?pinned=yes")))
            #expect(response.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self).contains("pinned"))
            #expect(server.server.requests.count == 1)
        }
    }

    @Test(
        "The rogue, the expired, the wrong host and the appended pin are refused, each with its reason",
        arguments: [
            ("rogue", TLSServer.rogue, "untrustedChain"),
            ("expired", TLSServer.expired, "untrustedChain"),
            ("wrong host", TLSServer.wrongHost, "untrustedChain"),
            ("appended pin", TLSServer.appendedPin, "untrustedChain"),
        ])
    func refused(name: String, chain: [TestIdentity], reason: String) async throws {
        try await TLSServer.with(chain) { server in
            let error = await #expect(throws: PinnedTransportError.self) {
                try await PinnedHTTPClient(trust: Self.pinningIntermediate).send(URLRequest(url: server.url("/get")))
            }
            guard case .untrusted(let decision, _, let presented) = error else {
                Issue.record("\(name): \(String(describing: error))")
                return
            }
            #expect(decision.reason.kind == reason, "\(name): \(decision)")
            #expect(presented == chain.map(\.data), "the error carries the chain as presented")
            #expect(server.server.requests.isEmpty, "\(name): no request may reach a refused server")
        }
    }

    @Test("With invalid certificates allowed, public-key mode still refuses a pin appended to a rogue chain")
    func appendedPinAllowInvalid() async throws {
        let lenient = trustSettings(policy(.publicKey, pinning: [pki.intermediate], allowInvalid: true))
        try await TLSServer.with(TLSServer.appendedPin) { server in
            let error = await #expect(throws: PinnedTransportError.self) {
                try await PinnedHTTPClient(trust: lenient).send(URLRequest(url: server.url("/get")))
            }
            guard case .untrusted(let decision, _, _) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(decision.reason == .noPinnedPublicKey, "\(decision)")
        }
    }

    @Test("The policy owns the host check: without domain validation the wrong host's valid chain passes")
    func policyOwnsHostCheck() async throws {
        let noDomain = trustSettings(policy(.publicKey, pinning: [pki.intermediate], validatesDomainName: false))
        try await TLSServer.with(TLSServer.wrongHost) { server in
            let (response, _) = try await PinnedHTTPClient(trust: noDomain).send(
                URLRequest(url: server.url("/status/204")))
            #expect(response.statusCode == 204)
        }
    }

    @Test("A host name is checked as a name: localhost passes with the right server")
    func hostName() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let url = URL(string: "https://localhost:\(server.port)/get")!
            let (response, _) = try await PinnedHTTPClient(trust: Self.pinningIntermediate).send(URLRequest(url: url))
            #expect(response.statusCode == 200)
        }
    }

    @Test("A connection dropped in the middle of the body is an error, not a short success")
    func droppedConnection() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let error = await #expect(throws: PinnedTransportError.self) {
                try await PinnedHTTPClient(trust: Self.pinningIntermediate).send(
                    URLRequest(url: server.url("/fault/close-mid-body")))
            }
            #expect(
                error?.code == .networkConnectionLost, "\(String(describing: error))")
        }
    }

    @Test("A connection the server closes before any response is a lost connection, not a finished exchange")
    func closedBeforeResponse() async throws {
        // No byte of HTTP arrives, so the HTTP decoder has nothing to complain about: only the
        // close itself can say that the exchange was cut short.
        try await TLSServer.with(TLSServer.right) { server in
            let error = await #expect(throws: PinnedTransportError.self) {
                try await PinnedHTTPClient(trust: Self.pinningIntermediate).send(
                    URLRequest(url: server.url("/fault/close-before-response")))
            }
            #expect(
                error?.code == .networkConnectionLost,
                "a close before the response ended must be reported as a lost connection (-1005): \(String(describing: error))"
            )
        }
    }

    @Test("A refused connection and a URL that is not https are errors, not hangs")
    func badURLAndNoServer() async throws {
        let http = await #expect(throws: PinnedTransportError.self) {
            try await PinnedHTTPClient(trust: Self.pinningIntermediate).send(
                URLRequest(url: URL(string: "http://127.0.0.1:1/")!))
        }
        #expect(http?.code == .badURL)
        let port = try await TLSServer.with(TLSServer.right) { $0.port }  // a port that was just closed
        let refused = await #expect(throws: PinnedTransportError.self) {
            try await PinnedHTTPClient(trust: Self.pinningIntermediate).send(
                URLRequest(url: URL(string: "https://127.0.0.1:\(port)/")!))
        }
        #expect(refused?.code == .cannotConnectToHost)
    }
}
