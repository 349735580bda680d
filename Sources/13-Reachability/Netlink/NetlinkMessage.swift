/// The 16-byte header every netlink message starts with (`struct nlmsghdr`).
public struct NetlinkHeader: Sendable, Hashable {
    /// The whole message's length, header included: the field a lying message lies in.
    public var length: UInt32
    public var type: UInt16
    public var flags: UInt16
    /// Set by whoever sent the request this message answers (0 for the kernel's own news).
    public var sequence: UInt32
    /// The port of the socket whose request caused the message (0: the kernel itself).
    public var portID: UInt32

    package init(length: UInt32, type: UInt16, flags: UInt16, sequence: UInt32, portID: UInt32) {
        self.length = length
        self.type = type
        self.flags = flags
        self.sequence = sequence
        self.portID = portID
    }
}

/// A link (`RTM_NEWLINK`, `RTM_DELLINK`): an interface, up or down, with or without a carrier.
public struct LinkInfo: Sendable, Hashable {
    public var index: Int32
    /// `IFF_*`: up (set by `ip link set … up`), running (up and with a carrier), loopback…
    public var flags: UInt32
    /// `ARPHRD_*`: 1 for Ethernet (Wi-Fi included), 772 for loopback, 65534 for none.
    public var hardwareType: UInt16
    public var name: String?
    /// `IFLA_INFO_KIND`, set for links made in software: `veth`, `bridge`, `tun`, `wireguard`…
    public var kind: String?

    public init(index: Int32, flags: UInt32, hardwareType: UInt16 = 1, name: String? = nil, kind: String? = nil) {
        self.index = index
        self.flags = flags
        self.hardwareType = hardwareType
        self.name = name
        self.kind = kind
    }

    public static let up: UInt32 = 0x1
    public static let loopback: UInt32 = 0x8
    public static let running: UInt32 = 0x40

    /// Up, with a carrier, and not the loopback: a link traffic can leave through.
    public var carriesTraffic: Bool {
        flags & Self.up != 0 && flags & Self.running != 0 && flags & Self.loopback == 0
    }
}

/// An address of a link (`RTM_NEWADDR`, `RTM_DELADDR`).
public struct AddressInfo: Sendable, Hashable {
    public var index: Int32
    public var address: IPAddress
    public var prefixLength: UInt8
    /// `RT_SCOPE_*`: 0 (universe) for an address that reaches beyond the link, 253 for link-local
    /// (`fe80::`), 254 for the host's own (`127.0.0.1`).
    public var scope: UInt8
    /// `IFA_F_*` (`IFA_FLAGS` when the kernel sends it, which has all 32 bits).
    public var flags: UInt32

    public init(index: Int32, address: IPAddress, prefixLength: UInt8, scope: UInt8 = 0, flags: UInt32 = 0) {
        self.index = index
        self.address = address
        self.prefixLength = prefixLength
        self.scope = scope
        self.flags = flags
    }

    public static let tentative: UInt32 = 0x40
    public static let duplicateDetected: UInt32 = 0x08

    /// A source address for traffic leaving the link: universe scope, and not still being checked
    /// for duplicates (IPv6's `tentative`) or found to be one.
    public var isUsable: Bool {
        scope == 0 && flags & (Self.tentative | Self.duplicateDetected) == 0
    }
}

/// A route (`RTM_NEWROUTE`, `RTM_DELROUTE`). Its fields are also its identity: a deletion names
/// the route it deletes with the same ones.
public struct RouteInfo: Sendable, Hashable {
    public var family: IPAddress.Family
    /// 0 for a default route.
    public var destinationLength: UInt8
    /// Nil for a default route.
    public var destination: IPAddress?
    /// 254 is `main`, the table `ip route` shows; 255 is `local`.
    public var table: UInt32
    /// `RTN_*`: 1 unicast, 2 local, 6 blackhole, 7 unreachable, 8 prohibit…
    public var type: UInt8
    public var gateway: IPAddress?
    /// `RTA_OIF`, or every hop of `RTA_MULTIPATH`.
    public var outputInterfaces: [Int32]
    /// The metric: of two routes that both match, the lower wins.
    public var priority: UInt32

    public init(
        family: IPAddress.Family, destinationLength: UInt8 = 0, destination: IPAddress? = nil, table: UInt32 = 254,
        type: UInt8 = 1, gateway: IPAddress? = nil, outputInterfaces: [Int32], priority: UInt32 = 0
    ) {
        self.family = family
        self.destinationLength = destinationLength
        self.destination = destination
        self.table = table
        self.type = type
        self.gateway = gateway
        self.outputInterfaces = outputInterfaces
        self.priority = priority
    }

    public static let mainTable: UInt32 = 254
    public static let unicast: UInt8 = 1

    public var isDefault: Bool { destinationLength == 0 }
}

/// What a netlink message says, for the messages a reachability source reads.
public enum NetlinkBody: Sendable, Hashable {
    case link(LinkInfo, deleted: Bool)
    case address(AddressInfo, deleted: Bool)
    case route(RouteInfo, deleted: Bool)
    /// The end of a dump.
    case done
    /// An error, or (code 0) the acknowledgement of a request.
    case error(code: Int32)
    /// Any other type: read past, not counted as bad.
    case other
}

/// One message: its header and what it says.
public struct NetlinkMessage: Sendable, Hashable {
    public var header: NetlinkHeader
    public var body: NetlinkBody

    package init(header: NetlinkHeader, body: NetlinkBody) {
        self.header = header
        self.body = body
    }
}

/// A message, or the rest of a datagram, that was skipped, and why.
public struct NetlinkSkip: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Error, Sendable, Hashable {
        /// Fewer bytes left than a header needs.
        case headerCutShort
        /// A header whose length is shorter than the header itself.
        case lengthBelowHeader(claimed: UInt32)
        /// A header whose length runs past the end of the datagram.
        case lengthBeyondData(claimed: UInt32, available: Int)
        /// A body shorter than its fixed part (`ifinfomsg`, `ifaddrmsg`, `rtmsg`, the error code).
        case bodyCutShort(type: UInt16, needed: Int, available: Int)
        /// An attribute whose length is below 4 or runs past the end of its message.
        case attributeLengthLies(type: UInt16)
        /// An attribute whose value has the wrong size: an address that is not 4 or 16 bytes (or not
        /// of the message's family), a number that is not 4 bytes.
        case badValue(attribute: UInt16, length: Int)
    }

    /// Where the skipped bytes start in the datagram, and how many they are.
    public var offset: Int
    public var length: Int
    public var reason: Reason

    package init(offset: Int, length: Int, reason: Reason) {
        self.offset = offset
        self.length = length
        self.reason = reason
    }

    public var description: String { "\(length) bytes at \(offset): \(reason)" }
}

/// What one datagram held: the messages read, and what was skipped. Every byte is in one or the
/// other: `parsedBytes` plus the skipped lengths is the datagram's length.
public struct NetlinkBatch: Sendable, Hashable {
    public var messages: [NetlinkMessage] = []
    public var skipped: [NetlinkSkip] = []
    /// The bytes of the messages read, padding included.
    public var parsedBytes = 0

    package init(messages: [NetlinkMessage] = [], skipped: [NetlinkSkip] = [], parsedBytes: Int = 0) {
        self.messages = messages
        self.skipped = skipped
        self.parsedBytes = parsedBytes
    }
}
