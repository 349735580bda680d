import Reachability

/// A kernel for `KernelStateFollower`'s tests: its tables, answers to the follower's dumps (one
/// datagram per dump, ended by `NLMSG_DONE`), and news sent when a test says so. What it removes
/// without news (the silent route flushes) is up to the test, as it is up to the real kernel.
struct FakeKernel {
    var links: [Int32: (name: String, flags: UInt32)] = [:]
    var addresses: [String: (index: Int32, prefix: UInt8)] = [:]
    var routes: [String: (gateway: String, interface: Int32)] = [:]  // keyed "default" or "198.51.100.0/24"
    static let port: UInt32 = 4242

    /// The answer to a dump request: every row of its table, then the end.
    func answer(_ request: NetlinkRequest, interrupted: Bool = false) -> [UInt8] {
        guard case .dump(let table) = request.kind else {
            return KernelMessages.error(0, sequence: request.sequence, port: Self.port)
        }
        let (sequence, port, multi) = (request.sequence, Self.port, UInt16(0x2) | (interrupted ? 0x10 : 0))
        var rows: [UInt8] = []
        switch table {
        case .links:
            for (index, link) in links.sorted(by: { $0.key < $1.key }) {
                rows += KernelMessages.link(
                    index, link.name, flags: link.flags, kind: "veth", sequence: sequence, port: port,
                    messageFlags: multi)
            }
        case .addresses:
            for (address, row) in addresses.sorted(by: { $0.key < $1.key }) {
                rows += KernelMessages.address(row.index, address, prefix: row.prefix, sequence: sequence, port: port)
            }
        case .routes:
            for (key, row) in routes.sorted(by: { $0.key < $1.key }) {
                rows += Self.route(key, row, sequence: sequence, port: port, flags: multi)
            }
        }
        return rows + KernelMessages.done(sequence: sequence, port: port, flags: multi)
    }

    static func route(
        _ key: String, _ row: (gateway: String, interface: Int32), sequence: UInt32 = 0, port: UInt32 = 0,
        flags: UInt16 = 0, deleted: Bool = false
    ) -> [UInt8] {
        let family: IPAddress.Family = row.gateway.contains(":") ? .ipv6 : .ipv4
        let parts = key.split(separator: "/")
        return KernelMessages.route(
            family, destination: key == "default" ? nil : String(parts[0]),
            prefix: key == "default" ? 0 : UInt8(parts[1])!,
            gateway: row.gateway, interface: row.interface, deleted: deleted, sequence: sequence, port: port,
            messageFlags: flags)
    }
}

/// A follower talking to a fake kernel: its requests, its reports, and what the test sends it.
struct FollowerDriver {
    var kernel = FakeKernel()
    var follower: KernelStateFollower
    /// Requests sent and not answered yet, oldest first.
    var pending: [NetlinkRequest] = []
    var sent: [NetlinkRequest.Kind] = []
    var reports: [ReachabilitySnapshot] = []
    var released: [UInt32] = []

    init(target: ReachabilityTarget = .internet) {
        follower = KernelStateFollower(target: target, kinds: InterfaceKinds(sysfsRoot: nil), portID: FakeKernel.port)
    }

    mutating func take(_ output: KernelStateFollower.Output) {
        pending += output.requests
        sent += output.requests.map(\.kind)
        if let report = output.report { reports.append(report) }
        released += output.settledBarriers
    }

    mutating func start() { take(follower.start()) }

    /// The kernel answers the oldest request, as it is now.
    mutating func answer(interrupted: Bool = false) {
        let request = pending.removeFirst()
        take(follower.receive(NetlinkParser.parse(kernel.answer(request, interrupted: interrupted))))
    }

    /// Answers every request, and those they lead to, until none is left.
    mutating func answerAll() {
        var rounds = 0
        while !pending.isEmpty && rounds < 50 {
            answer()
            rounds += 1
        }
    }

    /// News from the kernel (a datagram of it).
    mutating func news(_ bytes: [UInt8]) {
        take(follower.receive(NetlinkParser.parse(bytes)))
    }

    var lastFlags: ReachabilityFlags? { reports.last?.flags }
}
