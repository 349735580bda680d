#if os(Linux)
import Foundation
import Glibc
import Locking

extension KernelReachabilitySource {
    // listing: netlink-reader
    /// The reading thread: the follower's requests go out, its reports and released barriers are
    /// handed on, then one datagram (or a wake-up) is waited for and read, until `stop`.
    func read(
        _ reader: Reader, socket: Int32, wake: Int32, portID: UInt32,
        report: @Sendable (ReachabilitySnapshot) -> Void
    ) {
        reader.markCurrentThread()
        var follower = KernelStateFollower(target: target, kinds: interfaceKinds, portID: portID)
        var barriers: [UInt32: BarrierWaiter] = [:]
        drain(socket)  // news queued while nobody was reading: the dumps replace it
        var output = follower.start()
        var failure: ReachabilityError?
        while failure == nil {
            failure = send(output.requests, on: socket)
            if let snapshot = output.report { report(snapshot) }
            for sequence in output.settledBarriers { barriers.removeValue(forKey: sequence)?.done.signal() }
            output = KernelStateFollower.Output()
            guard failure == nil, let ready = waitForInput(socket, wake), !reader.isStopping.withLock({ $0 }) else {
                break
            }
            if ready.wake { output.requests += sendBarriers(wake: wake, follower: &follower, waiting: &barriers) }
            if ready.socket { failure = receive(on: socket, into: &follower, output: &output) }
        }
        finish(Array(barriers.values), failure: failure)
        reader.exited.signal()
    }
    // end-listing

    /// A barrier for each caller of `waitUntilCurrent` that woke the thread.
    func sendBarriers(wake: Int32, follower: inout KernelStateFollower, waiting: inout [UInt32: BarrierWaiter])
        -> [NetlinkRequest]
    {
        takeWaiters(wake: wake).map { waiter in
            let request = follower.barrier()
            waiting[request.sequence] = waiter
            return request
        }
    }

    // listing: netlink-receive
    /// Reads one datagram. Lost messages (`ENOBUFS`: the kernel had no room left in the socket's
    /// buffer) and a datagram larger than the buffer (`MSG_TRUNC` tells its real size) can only be
    /// made good by reading every table again.
    func receive(on socket: Int32, into follower: inout KernelStateFollower, output: inout KernelStateFollower.Output)
        -> ReachabilityError?
    {
        var buffer = [UInt8](repeating: 0, count: Self.bufferSize)
        let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT) | Int32(MSG_TRUNC))
        if count < 0 {
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return nil }
            guard code == ENOBUFS else { return .system(call: "recv", errno: code) }
            output.append(follower.overrun())
        } else if count > buffer.count {
            output.append(follower.overrun())
        } else {
            let batch = NetlinkParser.parse(Array(buffer[0..<count]))
            countSkipped(batch.skipped.count)
            output.append(follower.receive(batch))
        }
        return nil
    }
    // end-listing

    /// 64 KiB: the kernel's dump datagrams are at most 32 KiB.
    static let bufferSize = 1 << 16

    func send(_ requests: [NetlinkRequest], on socket: Int32) -> ReachabilityError? {
        var kernel = NetlinkSocketAddress(groups: 0)
        for request in requests {
            let bytes = request.bytes
            let sent = kernel.withSocketAddress {
                sendto(socket, bytes, bytes.count, 0, $0, socklen_t(MemoryLayout<NetlinkSocketAddress>.size))
            }
            if sent < 0 { return .system(call: "sendto", errno: errno) }
        }
        return nil
    }

    /// Blocks until the socket or the wake-up pipe can be read; nil when polling failed.
    func waitForInput(_ socket: Int32, _ wake: Int32) -> (socket: Bool, wake: Bool)? {
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while poll(&descriptors, 2, -1) < 0 {
            if errno != EINTR { return nil }
        }
        return (descriptors[0].revents != 0, descriptors[1].revents != 0)
    }

    /// Reads and drops whatever the socket holds (an overrun included).
    func drain(_ socket: Int32) {
        var buffer = [UInt8](repeating: 0, count: Self.bufferSize)
        while recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT)) >= 0 || errno == ENOBUFS || errno == EINTR {}
    }
}

/// One run of the reading thread.
final class Reader: Sendable {
    let isStopping = Protected(false)
    let exited = DispatchSemaphore(value: 0)
    private let thread = Protected<pthread_t?>(nil)

    func markCurrentThread() {
        thread.withLock { $0 = pthread_self() }
    }

    var isCurrentThread: Bool {
        thread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}

/// A caller of `waitUntilCurrent`, released when its barrier settles (or monitoring ends).
final class BarrierWaiter: Sendable {
    let done = DispatchSemaphore(value: 0)
    let failure = Protected<ReachabilityError?>(nil)
}

/// `struct sockaddr_nl`, written out: 12 bytes, the family, padding, the port, the groups.
struct NetlinkSocketAddress {
    var family = sa_family_t(AF_NETLINK)
    var padding: UInt16 = 0
    var portID: UInt32 = 0
    var groups: UInt32

    init(groups: UInt32) {
        self.groups = groups
    }

    mutating func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        withUnsafePointer(to: &self) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }

    mutating func withMutableSocketAddress<Result>(_ body: (UnsafeMutablePointer<sockaddr>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &self) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
#endif
