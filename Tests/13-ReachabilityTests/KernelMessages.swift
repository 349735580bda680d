import Reachability

/// Netlink messages as the kernel writes them (host byte order, 4-byte alignment), made from their
/// fields, for the parser's and the follower's tests.
enum KernelMessages {
    static let ipv4: UInt8 = 2
    static let ipv6: UInt8 = 10

    /// A whole message: the header (its length counted), the body, and padding to 4 bytes.
    static func message(type: UInt16, flags: UInt16 = 0, sequence: UInt32 = 0, port: UInt32 = 0, body: [UInt8])
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        append(UInt32(16 + body.count), to: &bytes)
        append(type, to: &bytes)
        append(flags, to: &bytes)
        append(sequence, to: &bytes)
        append(port, to: &bytes)
        bytes += body
        return padded(bytes)
    }

    static func attribute(_ type: UInt16, _ value: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        append(UInt16(4 + value.count), to: &bytes)
        append(type, to: &bytes)
        return padded(bytes + value)
    }

    static func string(_ text: String) -> [UInt8] { Array(text.utf8) + [0] }

    static func number<Number: FixedWidthInteger>(_ value: Number) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return bytes
    }

    static func append<Number: FixedWidthInteger>(_ value: Number, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes += $0 }
    }

    static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }

    /// `RTM_NEWLINK` (or `RTM_DELLINK`): up and running unless told otherwise.
    static func link(
        _ index: Int32, _ name: String, flags: UInt32 = 0x1 | 0x40 | 0x10000, kind: String? = nil,
        hardwareType: UInt16 = 1,
        deleted: Bool = false, sequence: UInt32 = 0, port: UInt32 = 0, messageFlags: UInt16 = 0
    ) -> [UInt8] {
        var body: [UInt8] = [0, 0]
        append(hardwareType, to: &body)
        append(index, to: &body)
        append(flags, to: &body)
        append(UInt32(0xFFFF_FFFF), to: &body)
        body += attribute(3, string(name))
        if let kind { body += attribute(18, attribute(1, string(kind))) }
        return message(type: deleted ? 17 : 16, flags: messageFlags, sequence: sequence, port: port, body: body)
    }

    /// `RTM_NEWADDR` (or `RTM_DELADDR`) for `address` (its family from its text).
    static func address(
        _ index: Int32, _ address: String, prefix: UInt8, scope: UInt8 = 0, flags: UInt32? = nil, deleted: Bool = false,
        sequence: UInt32 = 0, port: UInt32 = 0
    ) -> [UInt8] {
        let ip = IPAddress(address)!
        var body: [UInt8] = [ip.family == .ipv4 ? ipv4 : ipv6, prefix, UInt8(truncatingIfNeeded: flags ?? 0), scope]
        append(UInt32(bitPattern: index), to: &body)
        body += attribute(1, ip.bytes)
        if ip.family == .ipv4 { body += attribute(2, ip.bytes) }
        if let flags { body += attribute(8, number(flags)) }
        return message(type: deleted ? 21 : 20, sequence: sequence, port: port, body: body)
    }

    /// `RTM_NEWROUTE` (or `RTM_DELROUTE`); `destination` nil is a default route.
    static func route(
        _ family: IPAddress.Family, destination: String? = nil, prefix: UInt8 = 0, gateway: String? = nil,
        interface: Int32? = nil, table: UInt32 = 254, type: UInt8 = 1, priority: UInt32? = nil, deleted: Bool = false,
        sequence: UInt32 = 0, port: UInt32 = 0, messageFlags: UInt16 = 0, extra: [UInt8] = []
    ) -> [UInt8] {
        var body: [UInt8] = [family == .ipv4 ? ipv4 : ipv6, prefix, 0, 0, UInt8(min(table, 252)), 3, 0, type]
        append(UInt32(0), to: &body)
        body += attribute(15, number(table))
        if let destination { body += attribute(1, IPAddress(destination)!.bytes) }
        if let priority { body += attribute(6, number(priority)) }
        if let gateway { body += attribute(5, IPAddress(gateway)!.bytes) }
        if let interface { body += attribute(4, number(interface)) }
        return message(type: deleted ? 25 : 24, flags: messageFlags, sequence: sequence, port: port, body: body + extra)
    }

    /// `RTA_MULTIPATH` with one hop per interface, each with its gateway.
    static func multipath(_ hops: [(interface: Int32, gateway: String)]) -> [UInt8] {
        var value: [UInt8] = []
        for hop in hops {
            let gateway = attribute(5, IPAddress(hop.gateway)!.bytes)
            append(UInt16(8 + gateway.count), to: &value)
            value += [0, 0]
            append(hop.interface, to: &value)
            value += gateway
        }
        return attribute(9, value)
    }

    static func done(sequence: UInt32, port: UInt32, flags: UInt16 = 0x2) -> [UInt8] {
        message(type: 3, flags: flags, sequence: sequence, port: port, body: number(Int32(0)))
    }

    /// `NLMSG_ERROR`: `code` is the kernel's (minus an errno; 0 acknowledges), then the request's header.
    static func error(_ code: Int32, sequence: UInt32, port: UInt32) -> [UInt8] {
        message(type: 2, sequence: sequence, port: port, body: number(code) + [UInt8](repeating: 0, count: 16))
    }
}
