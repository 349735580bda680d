#if os(Linux)
import Foundation
import Glibc
import Locking

/// Reachability on Linux, from the kernel itself: a `NETLINK_ROUTE` socket that reads the links,
/// addresses and routes, then listens to the kernel's news of them (the multicast groups of links,
/// IPv4 and IPv6 addresses, IPv4 and IPv6 routes), on a thread of its own. The conversation is
/// `KernelStateFollower`'s; this class carries its bytes.
///
/// A netlink socket belongs to the network namespace it was made in, whatever thread reads it
/// later: `open()` makes it in the namespace of the calling thread.
public final class KernelReachabilitySource: ReachabilitySource {
    public let target: ReachabilityTarget
    public let interfaceKinds: InterfaceKinds
    private let shared = Protected(Shared())

    private struct Shared {
        var socket: Int32 = -1
        var portID: UInt32 = 0
        var wake: (read: Int32, write: Int32) = (-1, -1)
        var reader: Reader?
        /// Callers of `waitUntilCurrent` whose barrier is not sent yet.
        var waiting: [BarrierWaiter] = []
        var skipped = 0
        var failure: ReachabilityError?
    }

    public init(target: ReachabilityTarget = .internet, interfaceKinds: InterfaceKinds = InterfaceKinds()) {
        self.target = target
        self.interfaceKinds = interfaceKinds
    }

    deinit {
        stop()
        let (socket, wake) = shared.withLock { ($0.socket, $0.wake) }
        for descriptor in [socket, wake.read, wake.write] where descriptor >= 0 { close(descriptor) }
    }

    /// Messages skipped as unreadable so far (a length that lies, a body cut short…).
    public var skippedMessages: Int { shared.withLock { $0.skipped } }
    /// Why the reading thread stopped on its own, if it did.
    public var failure: ReachabilityError? { shared.withLock { $0.failure } }

    // listing: netlink-socket
    /// Makes the socket, if it is not made yet, in the calling thread's network namespace, and
    /// joins the groups whose news reachability needs. `start` calls it when nobody did.
    public func open() throws(ReachabilityError) {
        try shared.withLock { (shared: inout Shared) throws(ReachabilityError) in
            guard shared.socket < 0 else { return }
            let socket = Glibc.socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { throw .system(call: "socket(AF_NETLINK, NETLINK_ROUTE)", errno: errno) }
            var address = NetlinkSocketAddress(groups: Netlink.Group.reachability)
            var length = socklen_t(MemoryLayout<NetlinkSocketAddress>.size)
            var wake: [Int32] = [-1, -1]
            func failure(_ call: String) -> ReachabilityError {
                let code = errno
                close(socket)
                return .system(call: call, errno: code)
            }
            guard address.withSocketAddress({ bind(socket, $0, length) }) == 0 else { throw failure("bind") }
            guard address.withMutableSocketAddress({ getsockname(socket, $0, &length) }) == 0 else {
                throw failure("getsockname")
            }
            guard makeWakePipe(&wake) else { throw failure("pipe") }
            (shared.socket, shared.portID, shared.wake) = (socket, address.portID, (wake[0], wake[1]))
        }
    }
    // end-listing

    /// A pipe whose two ends are non-blocking and closed on `exec`: writing a byte wakes the reader.
    private func makeWakePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends {
            guard fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) == 0, fcntl(end, F_SETFD, FD_CLOEXEC) == 0
            else { return false }
        }
        return true
    }

    public func start(reporting report: @escaping @Sendable (ReachabilitySnapshot) -> Void) throws(ReachabilityError) {
        try open()
        stop()
        let reader = Reader()
        let (socket, wake, portID) = shared.withLock { shared in
            shared.reader = reader
            shared.failure = nil
            return (shared.socket, shared.wake.read, shared.portID)
        }
        let thread = Thread { [self] in
            read(reader, socket: socket, wake: wake, portID: portID, report: report)
        }
        thread.name = "KernelReachabilitySource"
        thread.start()
    }

    /// Stops the reading thread and waits for it to end (unless called from it); the socket stays
    /// open, in its namespace, for the next `start`.
    public func stop() {
        guard
            let reader = shared.withLock({ shared in
                defer { shared.reader = nil }
                return shared.reader
            })
        else { return }
        reader.isStopping.withLock { $0 = true }
        wakeReader()
        if !reader.isCurrentThread { reader.exited.wait() }
    }

    /// Waits until every message the kernel had queued for this source when it was called has been
    /// read and applied, and its report (if any) made: a barrier, for tests that change the network
    /// and then look at the status.
    package func waitUntilCurrent(timeout seconds: Double = 10) throws(ReachabilityError) {
        let waiter = BarrierWaiter()
        let isRunning = shared.withLock { shared in
            if shared.reader != nil { shared.waiting.append(waiter) }
            return shared.reader != nil
        }
        guard isRunning else { throw .stopped("the source is not monitoring") }
        wakeReader()
        if waiter.done.wait(timeout: .now() + seconds) == .timedOut {
            shared.withLock { $0.waiting.removeAll { $0 === waiter } }
            throw .timedOut(seconds: seconds)
        }
        if let failure = waiter.failure.withLock({ $0 }) { throw failure }
    }

    private func wakeReader() {
        let descriptor = shared.withLock { $0.wake.write }
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// The waiters whose barrier is to be sent now, and the wake-up bytes read off the pipe.
    func takeWaiters(wake: Int32) -> [BarrierWaiter] {
        var bytes = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wake, &bytes, bytes.count) > 0 {}
        return shared.withLock { shared in
            defer { shared.waiting = [] }
            return shared.waiting
        }
    }

    func countSkipped(_ count: Int) {
        if count > 0 { shared.withLock { $0.skipped += count } }
    }

    func finish(_ waiters: [BarrierWaiter], failure: ReachabilityError?) {
        let reason = failure ?? .stopped("monitoring was stopped")
        let left = shared.withLock { shared in
            shared.failure = failure
            defer { shared.waiting = [] }
            return shared.waiting
        }
        for waiter in waiters + left {
            waiter.failure.withLock { $0 = reason }
            waiter.done.signal()
        }
    }
}
#endif
