import Foundation
import Reachability
import TestSupport

/// A namespace of its own, watched by a reachability manager through the kernel source: what the
/// tests change with `ip`, and what the manager delivered.
final class WatchedNamespace: Sendable {
    let namespace: NetworkNamespace
    let source: KernelReachabilitySource
    let manager: NetworkReachabilityManager
    let queue = DispatchQueue(label: "reachability deliveries")
    /// The statuses the block received, in order.
    let delivered = Locked<[NetworkReachabilityStatus]>([])

    /// Starts monitoring `target` in a new namespace, and waits for the first delivery.
    init(target: ReachabilityTarget = .internet) throws {
        namespace = try NetworkNamespace()
        // The socket is made inside the namespace; sysfs shows the test's own namespace, not this one.
        source = try namespace.inside {
            let source = KernelReachabilitySource(target: target, interfaceKinds: InterfaceKinds(sysfsRoot: nil))
            try source.open()
            return source
        }
        manager = NetworkReachabilityManager(source: source, queue: queue, notificationCenter: NotificationCenter())
        let delivered = delivered
        manager.setReachabilityStatusChangeBlock { status in delivered.withLock { $0.append(status) } }
        try manager.startMonitoring()
        try settle()
    }

    deinit {
        manager.stopMonitoring()
    }

    /// Runs `ip <command>` in the namespace (the command split at spaces), then waits until the
    /// source has read all the kernel said about it and the manager has delivered the result, and
    /// until `deliveries` statuses have been delivered in all.
    ///
    /// The barrier orders everything the command itself made the kernel say. A carrier that comes
    /// or goes (a veth's peer set up or down) is announced a moment later, by the kernel's
    /// link-watch worker, which the barrier may overtake: so a step that expects a delivery also
    /// waits for it, at most 30 seconds, and the test then compares every status delivered so far.
    func step(_ command: String, deliveries: Int? = nil) throws {
        try namespace.ip(command.split(separator: " ").map(String.init))
        try settle()
        guard let deliveries else { return }
        let deadline = Date().addingTimeInterval(30)
        while delivered.withLock({ $0.count }) < deliveries && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            try settle()
        }
    }

    /// The barrier, then everything queued for the manager's queue.
    func settle() throws {
        try source.waitUntilCurrent(timeout: 30)
        queue.sync {}
    }

    /// A veth pair, `v0` (the test's interface) and `v1` (its peer, whose state is `v0`'s carrier),
    /// both up, `v0` with `10.13.0.2/24`: everything but a route.
    func addLinkWithAddress() throws {
        for command in [
            "link add v0 type veth peer name v1", "link set v1 up", "link set v0 up", "address add 10.13.0.2/24 dev v0",
        ] {
            try step(command)
        }
        try waitForCarrier()
    }

    /// Waits until `v0` has its carrier, as `ip link` shows it (its flags without `NO-CARRIER`), so
    /// that the link-watch worker's announcement is not left to race the test's next step.
    func waitForCarrier() throws {
        let deadline = Date().addingTimeInterval(30)
        while try namespace.ipOutput(["-o", "link", "show", "v0"]).contains("NO-CARRIER") {
            guard Date() < deadline else { throw NamespaceError("v0 has no carrier after 30 s") }
            Thread.sleep(forTimeInterval: 0.01)
        }
        try settle()
    }
}
