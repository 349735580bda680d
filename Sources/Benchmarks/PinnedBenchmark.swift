import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPBinTLS
import HTTPSessionManager
import PinnedTransport
import SecurityPolicy
import SessionManager
import TestCertificates

/// Chapter 12: small GETs through a pinned manager (PinnedHTTPSProtocol, the pool, the policy)
/// against HTTPBin's TLS listener, beside the same manager over plain http to the same server
/// program (libcurl underneath), at 1 and 16 in flight, the sides taking turns round by round.
/// The server runs in a child process. Targets: at 16 in flight the pinned rate is ≥ 0.8× the
/// plain one (a kept connection makes TLS nearly free after its handshake), and a sequential run
/// needs ≤ 0.01 handshakes per request. The policy's cost per handshake is the time its
/// evaluation of the server's chain takes, measured on its own.
enum PinnedBenchmark {
    static let requests = SessionBenchmark.requests
    static let rounds = SessionBenchmark.rounds
    static let levels = [1, 16]
    static let rateTarget = Target.atLeast(0.8)
    static let handshakeTarget = Target.atMost(0.01)

    static func run() {
        let pki = TestPKI.shared
        let server: ServerProcess
        do { server = try ServerProcess(tls: [pki.localhostLeaf, pki.intermediate]) } catch {
            print("pinned: could not start HTTPBin in a child process: \(error)")
            exit(1)
        }
        let settings = TrustSettings(
            policy: SecurityPolicy(pinningMode: .certificate, pinnedCertificates: [pki.intermediate.data]),
            roots: .certificates(pki.systemRoots.map(\.data)), verifyDate: TestCertificates.evaluationTime)
        let configuration = SessionBenchmark.configuration().withPinnedHTTPS()
        let manager = URLSessionManager(configuration: configuration)
        manager.completionQueue = DispatchQueue(label: "bench.pinned.completion")
        manager.notificationQueue = DispatchQueue(label: "bench.pinned.notifications")
        do { try manager.setSecurityPolicy(settings) } catch {
            print("pinned: the manager refused the policy: \(error)")
            exit(1)
        }
        let plainURL = server.url("/get")
        let pinnedURL = URL(string: server.tlsBaseURL!.absoluteString + "/get")!
        let sides = [plainURL, pinnedURL].map { url in
            Side(
                setting: .tool, completionQueue: manager.completionQueue, get: ManagerClient.get(manager, url),
                manager: manager, stop: {})
        }
        for side in sides { _ = side.measure(16, 200) }  // warm up: connections, caches, the pool

        // samples[level][side], and the handshakes of the pinned side per level
        var samples = levels.map { _ in [[SessionBenchmark.Sample](), [SessionBenchmark.Sample]()] }
        var handshakes = levels.map { _ in 0 }
        for round in 0..<rounds {
            for (levelIndex, level) in levels.enumerated() {
                for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                    let opened = ConnectionPool.shared.openedConnections
                    samples[levelIndex][side].append(sides[side].measure(level, requests))
                    if side == 1 { handshakes[levelIndex] += ConnectionPool.shared.openedConnections - opened }
                }
            }
        }
        report(
            samples: samples, handshakes: handshakes, settings: settings, chain: [pki.localhostLeaf, pki.intermediate])
        manager.invalidateSession(cancelingTasks: true)
        server.stop()
    }

    static func report(
        samples: [[[SessionBenchmark.Sample]]], handshakes: [Int], settings: TrustSettings, chain: [TestIdentity]
    ) {
        print(
            "pinned: GET /get on loopback, server in a child process, \(rounds) interleaved rounds of \(requests) requests per side and level, medians"
        )
        print("  (load average when done: \(SessionBenchmark.loadAverage()))")
        for (levelIndex, level) in levels.enumerated() {
            let (plain, pinned) = (samples[levelIndex][0], samples[levelIndex][1])
            let ratio = SessionBenchmark.median(zip(pinned, plain).map { $0.rate / $1.rate })
            let perRequest = Double(handshakes[levelIndex]) / Double(rounds * requests)
            print(
                String(
                    format:
                        "  %2d in flight: plain http %6.0f req/s, %5.1f µs CPU/req   pinned https %6.0f req/s, %5.1f µs CPU/req",
                    level, SessionBenchmark.median(plain.map(\.rate)), SessionBenchmark.median(plain.map(\.processor)),
                    SessionBenchmark.median(pinned.map(\.rate)), SessionBenchmark.median(pinned.map(\.processor))))
            var line = String(format: "                rate %.3f×", ratio)
            if level == 16 {
                line += " (target \(rateTarget)×: \(rateTarget.check("rate, 16 in flight", ratio)))"
            }
            line += String(format: "   handshakes per request %.4f", perRequest)
            if level == 1 {
                line +=
                    " (target \(handshakeTarget): \(handshakeTarget.check("handshakes per request, sequential", perRequest)))"
            }
            print(line)
        }
        let cost = policyCost(settings, chain)
        print(
            String(
                format: "  the policy's evaluation of the server's chain: %.0f µs per handshake (median of 9 rounds)",
                cost))
    }

    /// What the policy costs each new connection: its evaluation of the chain the server presents,
    /// alone, in microseconds.
    static func policyCost(_ settings: TrustSettings, _ chain: [TestIdentity]) -> Double {
        let presented = chain.map(\.data)
        let perRound = SessionBenchmark.blocking { () async -> [Double] in
            var rounds: [Double] = []
            for _ in 0..<9 {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<100 {
                    let decision = await settings.decide(presented: presented, host: "127.0.0.1")
                    Measure.blackHole(decision.isTrusted ? 1 : 0)
                }
                rounds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 100 / 1000)
            }
            return rounds
        }
        return SessionBenchmark.median(perRound)
    }
}
