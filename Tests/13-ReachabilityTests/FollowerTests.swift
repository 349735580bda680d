import Reachability
import Testing

/// `KernelStateFollower`, the conversation with the kernel without a socket, against a fake kernel:
/// the dumps one at a time, news held during a dump, the routes read again where the kernel
/// removes them without a word, barriers, interrupted dumps and lost messages.
@Suite("Following the kernel")
struct FollowerTests {
    static let up: UInt32 = 0x1 | 0x40

    /// A kernel with `v0` up, its address and a default route through it.
    static func reachableKernel() -> FakeKernel {
        var kernel = FakeKernel()
        kernel.links[3] = ("v0", up)
        kernel.addresses["10.13.0.2"] = (3, 24)
        kernel.routes["default"] = ("10.13.0.1", 3)
        return kernel
    }

    @Test(
        "Starting reads the links, then the addresses, then the routes, one dump at a time, and reports once all are read"
    )
    func startDumps() {
        var driver = FollowerDriver()
        driver.kernel = Self.reachableKernel()
        driver.start()
        #expect(driver.sent == [.dump(.links)], "one dump at a time: the kernel runs one per socket")
        driver.answer()
        #expect(driver.sent == [.dump(.links), .dump(.addresses)] && driver.reports.isEmpty)
        driver.answer()
        #expect(driver.sent == [.dump(.links), .dump(.addresses), .dump(.routes)] && driver.reports.isEmpty)
        driver.answer()
        #expect(driver.reports.map(\.flags) == [[.reachable]])
        #expect(driver.reports.first?.interface?.name == "v0")
    }

    @Test("The first report is made even when nothing is reachable; later ones only when something changed")
    func reportsChanges() {
        var driver = FollowerDriver()
        driver.start()
        driver.answerAll()
        #expect(driver.reports.map(\.flags) == [[]])
        driver.news(KernelMessages.link(3, "v0", flags: Self.up, kind: "veth"))
        driver.news(KernelMessages.address(3, "10.13.0.2", prefix: 24))
        #expect(driver.reports.count == 1, "a link and an address without a route change nothing")
        driver.news(FakeKernel.route("default", ("10.13.0.1", 3)))
        #expect(driver.reports.map(\.flags) == [[], [.reachable]])
    }

    @Test("News that arrives during a dump is applied after the dump, so the dump cannot undo it")
    func newsDuringDump() {
        var driver = FollowerDriver()
        driver.kernel = Self.reachableKernel()
        driver.kernel.routes = [:]
        driver.start()
        driver.answer()
        driver.answer()
        // The route dump is under way; the route is added, and its news overtakes the dump's answer.
        driver.news(FakeKernel.route("default", ("10.13.0.1", 3)))
        #expect(driver.reports.isEmpty, "nothing is reported while a dump is under way")
        driver.answer()
        #expect(driver.lastFlags == [.reachable], "the route from the news is kept: \(driver.reports)")
    }

    @Test("A link that goes down makes the routes read again: the IPv4 routes the kernel dropped without news are gone")
    func rereadOnLinkDown() {
        var driver = FollowerDriver()
        driver.kernel = Self.reachableKernel()
        driver.start()
        driver.answerAll()
        driver.kernel.links[3] = ("v0", 0)
        driver.kernel.routes = [:]  // flushed, unannounced
        driver.news(KernelMessages.link(3, "v0", flags: 0, kind: "veth"))
        #expect(driver.sent.last == .dump(.routes))
        driver.answerAll()
        driver.kernel.links[3] = ("v0", Self.up)
        driver.news(KernelMessages.link(3, "v0", flags: Self.up, kind: "veth"))
        driver.answerAll()
        #expect(
            driver.reports.map(\.flags) == [[.reachable], []], "up again, the link has no route: \(driver.reports)")
    }

    @Test(
        "An IPv4 address that goes away makes the routes read again; an IPv6 one does not (IPv6 announces its removals)"
    )
    func rereadOnAddressRemoval() {
        var driver = FollowerDriver()
        driver.kernel = Self.reachableKernel()
        driver.start()
        driver.answerAll()
        driver.news(KernelMessages.address(3, "2001:db8::2", prefix: 64, deleted: true))
        #expect(driver.pending.isEmpty)
        driver.kernel.addresses = [:]
        driver.kernel.routes = [:]
        driver.news(KernelMessages.address(3, "10.13.0.2", prefix: 24, deleted: true))
        #expect(driver.sent.last == .dump(.routes))
        driver.answerAll()
        driver.kernel.addresses["10.13.0.2"] = (3, 24)
        driver.news(KernelMessages.address(3, "10.13.0.2", prefix: 24))
        #expect(driver.reports.map(\.flags) == [[.reachable], []], "\(driver.reports)")
    }

    @Test("A barrier is released once its answer is read and no dump is under way")
    func barrier() {
        var driver = FollowerDriver()
        driver.kernel = Self.reachableKernel()
        driver.start()
        driver.answerAll()
        driver.kernel.routes = [:]
        driver.news(KernelMessages.link(3, "v0", flags: 0, kind: "veth"))  // a route dump is under way
        let barrier = driver.follower.barrier()
        driver.news(KernelMessages.error(0, sequence: barrier.sequence, port: FakeKernel.port))
        #expect(driver.released.isEmpty, "the routes are still being read")
        driver.answerAll()
        #expect(driver.released == [barrier.sequence])
        #expect(driver.lastFlags == [])
    }

    @Test("A dump the kernel interrupted, or refused, is read again")
    func dumpAgain() {
        var driver = FollowerDriver()
        driver.kernel = Self.reachableKernel()
        driver.start()
        driver.answer(interrupted: true)
        #expect(driver.sent == [.dump(.links), .dump(.links)])
        let refused = driver.pending.removeFirst()
        driver.news(KernelMessages.error(-16, sequence: refused.sequence, port: FakeKernel.port))
        #expect(driver.sent == [.dump(.links), .dump(.links), .dump(.links)])
        driver.answerAll()
        #expect(driver.reports.map(\.flags) == [[.reachable]])
    }

    @Test("Lost messages: every table is read again, and a report made only if something changed")
    func overrun() {
        var driver = FollowerDriver()
        driver.kernel = Self.reachableKernel()
        driver.start()
        driver.answerAll()
        driver.take(driver.follower.overrun())
        driver.answerAll()
        #expect(driver.reports.count == 1)
        driver.kernel.routes = [:]
        driver.take(driver.follower.overrun())
        #expect(driver.sent.suffix(1) == [.dump(.links)])
        driver.answerAll()
        #expect(driver.reports.map(\.flags) == [[.reachable], []])
    }

    @Test("An answer to another socket's request is news, not an answer to ours")
    func otherSockets() {
        var driver = FollowerDriver()
        driver.start()
        let request = driver.pending[0]
        driver.news(KernelMessages.done(sequence: request.sequence, port: FakeKernel.port + 1))
        #expect(driver.sent == [.dump(.links)], "the links dump is still under way")
        driver.answerAll()
        #expect(driver.reports.count == 1)
    }

    @Test("The requests are netlink's: a dump of each table, and a barrier that asks for an acknowledgement")
    func requestBytes() {
        let bytes = [NetlinkRequest.Kind.dump(.links), .dump(.addresses), .dump(.routes), .barrier].map {
            NetlinkRequest(kind: $0, sequence: 5).bytes
        }
        let headers = bytes.map { NetlinkParser.parse($0).messages.first?.header }
        #expect(
            headers == [
                NetlinkHeader(length: 32, type: 18, flags: 0x301, sequence: 5, portID: 0),
                NetlinkHeader(length: 24, type: 22, flags: 0x301, sequence: 5, portID: 0),
                NetlinkHeader(length: 28, type: 26, flags: 0x301, sequence: 5, portID: 0),
                NetlinkHeader(length: 16, type: 1, flags: 0x5, sequence: 5, portID: 0),
            ])
    }
}
