import Foundation
import Reachability
import Testing

/// The kernel source against real kernel events: links, addresses and routes changed with
/// iproute2's `ip`, in a network namespace of each test's own, and the statuses the manager
/// delivers, in order, after each change. Skipped, saying why, where namespaces are not allowed
/// (macOS, or Linux without root); `.ci/run` fails if they were skipped there.
@Suite(
    "Real kernel events, in a network namespace",
    .enabled(if: NetworkNamespace.unavailableReason == nil, Comment(rawValue: NetworkNamespace.unavailableReason ?? ""))
)
struct NamespaceTests {
    /// Runs `script` step by step: after each `ip` command, the statuses delivered so far must be
    /// the expected ones, the new status (if the step changes it) appended.
    func run(_ script: [(command: String, change: NetworkReachabilityStatus?)], in watched: WatchedNamespace) throws {
        var expected = watched.delivered.withLock { $0 }
        for (command, change) in script {
            if let change { expected.append(change) }
            try watched.step(command, deliveries: expected.count)
            let delivered = watched.delivered.withLock { $0 }
            #expect(delivered == expected, "after `ip \(command)` the manager delivered \(delivered), not \(expected)")
            guard delivered == expected else { return }
        }
    }

    @Test("A link, an address and a default route make the internet reachable; each one taken away ends it")
    func linkAddressRoute() throws {
        let watched = try WatchedNamespace()
        #expect(watched.delivered.withLock { $0 } == [.notReachable], "the first delivery is the current state")
        try run(
            [
                ("link add v0 type veth peer name v1", nil), ("link set v1 up", nil), ("link set v0 up", nil),
                ("address add 10.13.0.2/24 dev v0", nil),
                ("route add default via 10.13.0.1 dev v0", .reachableViaWiFi),
                ("route del default", .notReachable),
                ("route add default via 10.13.0.1 dev v0", .reachableViaWiFi),
            ], in: watched)
        #expect(
            watched.manager.interface
                == NetworkInterface(name: "v0", index: watched.manager.interface?.index ?? 0, kind: .virtual("veth")))
    }

    @Test("A link taken down loses its IPv4 default route, though the kernel announces no route removal")
    func silentRouteRemovalOnLinkDown() throws {
        let watched = try WatchedNamespace()
        try watched.addLinkWithAddress()
        try run(
            [
                ("route add default via 10.13.0.1 dev v0", .reachableViaWiFi),
                ("link set v0 down", .notReachable),
                ("link set v0 up", nil),  // the route is gone: the link alone does not bring it back
                ("route add default via 10.13.0.1 dev v0", .reachableViaWiFi),
            ], in: watched)
    }

    @Test("An IPv4 address taken away takes the default route through it, unannounced")
    func silentRouteRemovalOnAddressRemoval() throws {
        let watched = try WatchedNamespace()
        try watched.addLinkWithAddress()
        try run(
            [
                ("route add default via 10.13.0.1 dev v0", .reachableViaWiFi),
                ("address del 10.13.0.2/24 dev v0", .notReachable),
                ("address add 10.13.0.2/24 dev v0", nil),
                ("route add default via 10.13.0.1 dev v0", .reachableViaWiFi),
            ], in: watched)
    }

    @Test("A pulled cable (the peer down, so no carrier) is not reachable; plugged back, the route is still there")
    func carrier() throws {
        let watched = try WatchedNamespace()
        try watched.addLinkWithAddress()
        try run(
            [
                ("route add default via 10.13.0.1 dev v0", .reachableViaWiFi),
                ("link set v1 down", .notReachable),
                ("link set v1 up", .reachableViaWiFi),
            ], in: watched)
    }

    @Test("IPv6 alone is a way out; its routes go with the link, announced")
    func ipv6() throws {
        let watched = try WatchedNamespace()
        try run(
            [
                ("link add v0 type veth peer name v1", nil), ("link set v1 up", nil), ("link set v0 up", nil),
                ("-6 address add 2001:db8:13::2/64 dev v0 nodad", nil),
                ("-6 route add default via 2001:db8:13::1 dev v0", .reachableViaWiFi),
                ("link set v0 down", .notReachable),
                ("link set v0 up", nil),
                ("-6 address add 2001:db8:13::2/64 dev v0 nodad", nil),
                ("-6 route add default via 2001:db8:13::1 dev v0", .reachableViaWiFi),
            ], in: watched)
    }

    @Test("A host is reachable through the longest route that holds it, and not through a blackhole")
    func host() throws {
        let watched = try WatchedNamespace(target: .address(IPAddress("198.51.100.7")!))
        try watched.addLinkWithAddress()
        try run(
            [
                ("route add 198.51.100.0/24 via 10.13.0.1 dev v0", .reachableViaWiFi),
                ("route add blackhole 198.51.100.7/32", .notReachable),
                ("route add 203.0.113.0/24 via 10.13.0.1 dev v0", nil),
                ("route del blackhole 198.51.100.7/32", .reachableViaWiFi),
                ("route del 198.51.100.0/24", .notReachable),
            ], in: watched)
    }

    @Test("Stopped, then started again: the current state is delivered afresh, and nothing from meanwhile")
    func restart() throws {
        let watched = try WatchedNamespace()
        try watched.addLinkWithAddress()
        try run([("route add default via 10.13.0.1 dev v0", .reachableViaWiFi)], in: watched)
        watched.manager.stopMonitoring()
        for command in ["route del default", "route add default via 10.13.0.1 dev v0", "link set v0 down"] {
            try watched.namespace.ip(command.split(separator: " ").map(String.init))
        }
        watched.queue.sync {}
        #expect(
            watched.delivered.withLock { $0 } == [.notReachable, .reachableViaWiFi],
            "nothing is delivered while stopped")
        try watched.manager.startMonitoring()
        try watched.settle()
        #expect(watched.delivered.withLock { $0 } == [.notReachable, .reachableViaWiFi, .notReachable])
        try run([("link set v0 up", nil), ("route add default via 10.13.0.1 dev v0", .reachableViaWiFi)], in: watched)
    }
}
