/// A request a reachability source sends the kernel: a dump of one table, or a barrier.
package struct NetlinkRequest: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case dump(KernelStateFollower.Table)
        /// `NLMSG_NOOP` with `NLM_F_ACK`: the kernel answers with an acknowledgement, after
        /// everything it had already queued on the socket.
        case barrier
    }

    package var kind: Kind
    package var sequence: UInt32

    package init(kind: Kind, sequence: UInt32) {
        self.kind = kind
        self.sequence = sequence
    }

    /// The message: a header, then a zeroed `ifinfomsg`, `ifaddrmsg` or `rtmsg` (family 0: every
    /// family), or nothing for a barrier.
    package var bytes: [UInt8] {
        let (type, flags, bodySize): (UInt16, UInt16, Int) =
            switch kind {
            case .dump(.links): (Netlink.MessageType.getLink, Netlink.Flag.request | Netlink.Flag.dump, 16)
            case .dump(.addresses): (Netlink.MessageType.getAddress, Netlink.Flag.request | Netlink.Flag.dump, 8)
            case .dump(.routes): (Netlink.MessageType.getRoute, Netlink.Flag.request | Netlink.Flag.dump, 12)
            case .barrier: (Netlink.MessageType.noop, Netlink.Flag.request | Netlink.Flag.acknowledge, 0)
            }
        var bytes: [UInt8] = []
        bytes.appendNative(UInt32(Netlink.headerSize + bodySize))
        bytes.appendNative(type)
        bytes.appendNative(flags)
        bytes.appendNative(sequence)
        bytes.appendNative(UInt32(0))
        bytes += [UInt8](repeating: 0, count: bodySize)
        return bytes
    }
}

extension [UInt8] {
    /// Appends `number` in the host's byte order, netlink's.
    package mutating func appendNative<Number: FixedWidthInteger>(_ number: Number) {
        Swift.withUnsafeBytes(of: number) { append(contentsOf: $0) }
    }
}
