/// The conversation of a reachability source with the kernel, without the socket: datagrams in,
/// requests and reports out (a "sans-I/O" design, so that every rule here is tested without a
/// kernel; `KernelReachabilitySource` only carries the bytes).
///
/// It reads the three tables (a dump each, one at a time: a socket runs one dump at a time), then
/// follows the kernel's news. News that arrives during a dump waits until the dump is read, so that
/// the table the dump replaces cannot undo it. A report goes out whenever the target's snapshot
/// changed and no dump is under way.
package struct KernelStateFollower: Sendable {
    package enum Table: Sendable, Hashable {
        case links
        case addresses
        case routes
    }

    /// What to do after a call: send these requests, report this snapshot, release the callers
    /// waiting for these barriers.
    package struct Output: Sendable, Equatable {
        package var requests: [NetlinkRequest] = []
        package var report: ReachabilitySnapshot?
        package var settledBarriers: [UInt32] = []
    }

    struct Dump: Sendable {
        var table: Table
        var sequence: UInt32
        var read = KernelNetworkState()
        /// The kernel set `NLM_F_DUMP_INTR`: the table changed while it was being dumped.
        var interrupted = false
    }

    package let target: ReachabilityTarget
    package var kinds: InterfaceKinds
    /// This socket's port, which the kernel puts in the answers to its requests.
    package var portID: UInt32
    package private(set) var state = KernelNetworkState()
    private(set) var dumps: [Dump] = []
    private var heldNews: [NetlinkBody] = []
    private var lastReported: ReachabilitySnapshot?
    private var barriers: [(sequence: UInt32, answered: Bool)] = []
    private var nextSequence: UInt32 = 1

    package init(target: ReachabilityTarget, kinds: InterfaceKinds = InterfaceKinds(), portID: UInt32 = 0) {
        self.target = target
        self.kinds = kinds
        self.portID = portID
    }

    /// No dump under way: the state is the kernel's as of the last message read.
    package var isSettled: Bool { dumps.isEmpty }

    /// Reads every table from the start; the first snapshot is reported however it looks.
    package mutating func start() -> Output {
        state = KernelNetworkState()
        heldNews = []
        lastReported = nil
        return rereadEverything()
    }

    /// The socket lost messages (`ENOBUFS`): what was missed can only be read again, whole.
    package mutating func overrun() -> Output {
        rereadEverything()
    }

    private mutating func rereadEverything() -> Output {
        dumps = []
        var output = Output()
        for table in [Table.links, .addresses, .routes] { schedule(table, into: &output) }
        return output
    }

    /// A barrier to send: its acknowledgement settles once every message before it has been read
    /// and no dump is under way.
    package mutating func barrier() -> NetlinkRequest {
        let request = NetlinkRequest(kind: .barrier, sequence: takeSequence())
        barriers.append((request.sequence, false))
        return request
    }

    mutating func takeSequence() -> UInt32 {
        defer { nextSequence = nextSequence == UInt32.max ? 1 : nextSequence + 1 }
        return nextSequence
    }

    /// Queues a dump of `table`; its request goes out now if no other dump is under way.
    mutating func schedule(_ table: Table, into output: inout Output) {
        // News applied here is older than any dump already queued, which will see its effects.
        guard !dumps.contains(where: { $0.table == table }) else { return }
        dumps.append(Dump(table: table, sequence: takeSequence()))
        if dumps.count == 1 { output.requests.append(NetlinkRequest(kind: .dump(table), sequence: dumps[0].sequence)) }
    }
}

extension KernelStateFollower {
    // listing: follower-receive
    /// Reads one datagram's messages: answers to a dump fill the dump, a barrier's acknowledgement
    /// is noted, and the rest is the kernel's news, applied now or held until the dumps are read.
    /// Then, if settled, the snapshot is reported when it changed, and the barriers answered so far
    /// are released.
    package mutating func receive(_ batch: NetlinkBatch) -> Output {
        var output = Output()
        for message in batch.messages {
            if let index = dumps.firstIndex(where: { isAnswer(message, to: $0.sequence) }) {
                readDumped(message, into: index, output: &output)
            } else if isAnswer(message, to: barriers.first(where: { !$0.answered })?.sequence) {
                barriers[barriers.firstIndex { !$0.answered }!].answered = true
            } else if dumps.isEmpty {
                apply(message.body, output: &output)
            } else {
                heldNews.append(message.body)
            }
        }
        guard isSettled else { return output }
        let snapshot = state.snapshot(for: target, kinds: kinds)
        if snapshot != lastReported {
            output.report = snapshot
            lastReported = snapshot
        }
        output.settledBarriers = barriers.filter(\.answered).map(\.sequence)
        barriers.removeAll(where: \.answered)
        return output
    }
    // end-listing

    func isAnswer(_ message: NetlinkMessage, to sequence: UInt32?) -> Bool {
        message.header.sequence == sequence && message.header.portID == portID
    }

    // listing: silent-route-removal
    /// Applies news, and asks for the routes again where the kernel removes routes without saying
    /// so: when a link goes down or away, and when an IPv4 address goes away (IPv4's routes through
    /// it are flushed with no `RTM_DELROUTE`; IPv6 announces each one it removes).
    mutating func apply(_ news: NetlinkBody, output: inout Output) {
        state.apply(news)
        switch news {
        case .link(let link, let deleted) where deleted || link.flags & LinkInfo.up == 0:
            schedule(.routes, into: &output)
        case .address(let address, deleted: true) where address.address.family == .ipv4:
            schedule(.routes, into: &output)
        default:
            break
        }
    }
    // end-listing

    /// A message of the dump at `index` (the one under way): a row, the end, or an error.
    mutating func readDumped(_ message: NetlinkMessage, into index: Int, output: inout Output) {
        if message.header.flags & Self.dumpInterrupted != 0 { dumps[index].interrupted = true }
        switch message.body {
        case .done where dumps[index].interrupted, .error:
            // The table changed while it was read, or the kernel refused (busy): read it again.
            let table = dumps[index].table
            dumps[index] = Dump(table: table, sequence: takeSequence())
            output.requests.append(NetlinkRequest(kind: .dump(table), sequence: dumps[index].sequence))
        case .done:
            finishDump(at: index, output: &output)
        default:
            dumps[index].read.apply(message.body)
        }
    }

    /// `NLM_F_DUMP_INTR`.
    static let dumpInterrupted: UInt16 = 0x10

    // listing: finish-dump
    /// A dump is read: its table replaces the one held, the next dump is asked for, and once none
    /// is left the news held meanwhile is applied, in the order it came.
    mutating func finishDump(at index: Int, output: inout Output) {
        let dump = dumps.remove(at: index)
        switch dump.table {
        case .links: state.links = dump.read.links
        case .addresses: state.addresses = dump.read.addresses
        case .routes: state.routes = dump.read.routes
        }
        if let next = dumps.first {
            output.requests.append(NetlinkRequest(kind: .dump(next.table), sequence: next.sequence))
            return
        }
        let held = heldNews
        heldNews = []
        for news in held { apply(news, output: &output) }
    }
    // end-listing
}

extension KernelStateFollower.Output {
    /// Adds what another call asked for: its requests after these, its report if it has one.
    package mutating func append(_ other: Self) {
        requests += other.requests
        report = other.report ?? report
        settledBarriers += other.settledBarriers
    }
}
