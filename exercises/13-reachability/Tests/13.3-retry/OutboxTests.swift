import Chapter13Exercise3
import Reachability
import Testing

/// The outbox against a network the test scripts: requests stay out until the test says how they
/// ended, and reachability changes when the test says so. Every scenario also has a request out
/// while the network flaps, since that is the one the outbox is about.
@Suite("13.3 Retry when back online")
struct OutboxTests {
    /// An outbox whose requests wait for `finish`, with a log of everything sent.
    final class Network {
        var sent: [String] = []
        private var out: [String: [(Outcome) -> Void]] = [:]
        lazy var outbox = Outbox { [unowned self] request, completion in
            sent.append(request)
            out[request, default: []].append(completion)
        }

        /// The oldest send of `request` still out ends with `outcome`.
        func finish(_ request: String, _ outcome: Outcome) {
            guard var waiting = out[request], !waiting.isEmpty else {
                Issue.record("\(request) is not out: it was never sent, or its sends have all ended")
                return
            }
            let completion = waiting.removeFirst()
            out[request] = waiting
            completion(outcome)
        }

        func status(_ status: NetworkReachabilityStatus) { outbox.reachabilityChanged(status) }
    }

    static let notConnected = Outcome.failure(code: -1009)
    static let connectionLost = Outcome.failure(code: -1005)

    @Test("A request goes at once, whatever the status; out while the network came back, it goes again at once")
    func sentAtOnce() {
        let network = Network()
        network.status(.notReachable)
        network.outbox.submit("A")
        #expect(network.sent == ["A"], "a request is sent when it is submitted, not when the status says reachable")
        network.status(.reachableViaWiFi)
        network.finish("A", Self.notConnected)
        #expect(network.sent == ["A", "A"], "A failed after the network came back: waiting for another return can wait for ever")
    }

    @Test("A request that failed while the network was away goes once it is back, once; one out during the flap goes at once")
    func backOnline() {
        let network = Network()
        network.status(.reachableViaWiFi)
        network.outbox.submit("A")
        network.outbox.submit("B")
        network.status(.notReachable)
        network.finish("A", Self.notConnected)
        #expect(network.sent == ["A", "B"], "the network is away: A waits")
        network.status(.reachableViaWiFi)
        #expect(network.sent == ["A", "B", "A"])
        network.finish("B", Self.connectionLost)
        #expect(network.sent == ["A", "B", "A", "B"], "B was out while the network came back: it goes at once, or it is lost")
        network.status(.reachableViaWiFi)
        #expect(network.sent == ["A", "B", "A", "B"], "a repeated status sends nothing again")
    }

    @Test("A failure with no return of the network since the request went out waits for the next return: no loop")
    func noHotLoop() {
        let network = Network()
        network.status(.reachableViaWiFi)
        network.outbox.submit("A")
        network.finish("A", Outcome.failure(code: -1004))
        #expect(network.sent == ["A"], "nothing changed since A went out (the server's side is down?): sending it again now could loop for ever")
        network.outbox.submit("B")
        network.status(.notReachable)
        network.status(.reachableViaWiFi)
        #expect(network.sent == ["A", "B", "A"])
        network.finish("B", Self.connectionLost)
        #expect(network.sent == ["A", "B", "A", "B"], "B was out while the network came back")
    }

    @Test("Only failures for want of a network are sent again: not a timeout, a bad response, or an HTTP error")
    func otherFailures() {
        let network = Network()
        network.status(.reachableViaWiFi)
        for (request, code) in [("timeout", -1001), ("bad response", -1011), ("server error", 500)] {
            network.outbox.submit(request)
            network.finish(request, .failure(code: code))
        }
        network.outbox.submit("ok")
        network.finish("ok", .success)
        network.outbox.submit("B")
        network.status(.notReachable)
        network.status(.reachableViaWiFi)
        network.finish("B", Self.notConnected)
        #expect(network.sent == ["timeout", "bad response", "server error", "ok", "B", "B"], "\(network.sent)")
        #expect(network.outbox.waiting.isEmpty)
    }

    @Test("A status that repeats is not a return of the network: a request that fails after it waits")
    func repeatedStatus() {
        let network = Network()
        network.status(.reachableViaWiFi)
        network.outbox.submit("A")
        network.status(.reachableViaWiFi)
        network.finish("A", Self.connectionLost)
        #expect(network.sent == ["A"], "the network never went away: A waits for it to come back")
        network.outbox.submit("B")
        network.status(.notReachable)
        network.status(.reachableViaWWAN)
        #expect(network.sent == ["A", "B", "A"])
        network.finish("B", Self.connectionLost)
        #expect(network.sent == ["A", "B", "A", "B"], "B was out while the network came back")
    }

    @Test("Waiting requests go again in the order they failed, each once; one that fails again waits again")
    func orderAndAgain() {
        let network = Network()
        network.status(.reachableViaWiFi)
        for request in ["A", "B", "C"] { network.outbox.submit(request) }
        network.status(.notReachable)
        for request in ["C", "A"] { network.finish(request, Self.notConnected) }
        #expect(network.outbox.waiting == ["C", "A"])
        network.status(.reachableViaWiFi)
        #expect(network.sent == ["A", "B", "C", "C", "A"])
        network.finish("B", Self.notConnected)
        network.finish("C", Self.notConnected)
        #expect(network.sent == ["A", "B", "C", "C", "A", "B"], "B was out when the network came back; C went after")
        #expect(network.outbox.waiting == ["C"])
    }
}
