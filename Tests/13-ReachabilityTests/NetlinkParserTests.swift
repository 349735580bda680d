import Reachability
import TestSupport
import Testing

/// Reading the datagrams of a `NETLINK_ROUTE` socket: links, addresses, routes, the end of a
/// dump, errors; and bad input (a length that lies, a body or an attribute cut short) skipped and
/// counted, never a trap, every byte accounted for.
@Suite("Reading netlink")
struct NetlinkParserTests {
    func parsed(_ bytes: [UInt8]) -> [NetlinkBody] {
        let batch = NetlinkParser.parse(bytes)
        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        return batch.messages.map(\.body)
    }

    @Test("A link: its index, flags, hardware type, name, and the kind of a link made in software")
    func link() {
        let bodies = parsed(
            KernelMessages.link(7, "v0", flags: 0x1043, kind: "veth") + KernelMessages.link(2, "eth0", deleted: true))
        #expect(
            bodies == [
                .link(LinkInfo(index: 7, flags: 0x1043, hardwareType: 1, name: "v0", kind: "veth"), deleted: false),
                .link(LinkInfo(index: 2, flags: 0x10041, hardwareType: 1, name: "eth0"), deleted: true),
            ])
    }

    @Test("An address: IPv4's local address, IPv6's address, the 32-bit flags attribute over the 8-bit field")
    func address() {
        let bodies = parsed(
            KernelMessages.address(3, "10.13.0.2", prefix: 24)
                + KernelMessages.address(3, "2001:db8::2", prefix: 64, flags: 0x240, deleted: true))
        #expect(
            bodies == [
                .address(AddressInfo(index: 3, address: IPAddress("10.13.0.2")!, prefixLength: 24), deleted: false),
                .address(
                    AddressInfo(index: 3, address: IPAddress("2001:db8::2")!, prefixLength: 64, flags: 0x240),
                    deleted: true),
            ])
    }

    @Test("A route: destination, gateway, interface, metric, the table attribute over the 8-bit field, multipath hops")
    func route() {
        let bodies = parsed(
            KernelMessages.route(.ipv4, gateway: "10.13.0.1", interface: 3, table: 1000, priority: 100)
                + KernelMessages.route(
                    .ipv6, destination: "2001:db8::", prefix: 32, interface: 4, type: 6, deleted: true)
                + KernelMessages.route(.ipv4, extra: KernelMessages.multipath([(3, "10.13.0.1"), (5, "10.15.0.1")])))
        #expect(
            bodies == [
                .route(
                    RouteInfo(
                        family: .ipv4, table: 1000, gateway: IPAddress("10.13.0.1")!, outputInterfaces: [3],
                        priority: 100), deleted: false),
                .route(
                    RouteInfo(
                        family: .ipv6, destinationLength: 32, destination: IPAddress("2001:db8::")!, type: 6,
                        outputInterfaces: [4]), deleted: true),
                .route(
                    RouteInfo(family: .ipv4, gateway: IPAddress("10.13.0.1")!, outputInterfaces: [3, 5]), deleted: false
                ),
            ])
    }

    @Test("The end of a dump, an error, an acknowledgement, and types and families not read here")
    func others() {
        var bridgeRoute = KernelMessages.route(.ipv4, interface: 3)
        bridgeRoute[16] = 7  // AF_BRIDGE
        let batch = NetlinkParser.parse(
            KernelMessages.done(sequence: 9, port: 42) + KernelMessages.error(-16, sequence: 9, port: 42)
                + KernelMessages.error(0, sequence: 10, port: 42)
                + KernelMessages.message(type: 28, body: [1, 2, 3, 4])
                + bridgeRoute)
        #expect(batch.skipped.isEmpty)
        #expect(batch.messages.map(\.body) == [.done, .error(code: -16), .error(code: 0), .other, .other])
        #expect(batch.messages[0].header == NetlinkHeader(length: 20, type: 3, flags: 2, sequence: 9, portID: 42))
    }

    @Test("A header cut short is skipped, with the messages before it kept")
    func headerCutShort() {
        let good = KernelMessages.link(1, "lo", flags: 0x49, hardwareType: 772)
        let batch = NetlinkParser.parse(good + [16, 0, 0, 0, 16, 0])
        #expect(batch.messages.count == 1)
        #expect(batch.skipped == [NetlinkSkip(offset: good.count, length: 6, reason: .headerCutShort)])
    }

    @Test("A length below the header's own, or beyond the datagram, ends the walk: the rest is one skip")
    func lyingLength() {
        let good = KernelMessages.link(1, "lo", flags: 0x49, hardwareType: 772)
        var short = KernelMessages.link(2, "v0")
        short.replaceSubrange(0..<4, with: KernelMessages.number(UInt32(8)))
        let belowHeader = NetlinkParser.parse(good + short + good)
        #expect(belowHeader.messages.count == 1)
        #expect(
            belowHeader.skipped == [
                NetlinkSkip(
                    offset: good.count, length: short.count + good.count, reason: .lengthBelowHeader(claimed: 8))
            ])

        var long = KernelMessages.link(2, "v0")
        long.replaceSubrange(0..<4, with: KernelMessages.number(UInt32(4096)))
        let beyond = NetlinkParser.parse(good + long)
        #expect(beyond.messages.count == 1)
        #expect(
            beyond.skipped == [
                NetlinkSkip(
                    offset: good.count, length: long.count,
                    reason: .lengthBeyondData(claimed: 4096, available: long.count))
            ])
    }

    @Test("A body shorter than its fixed part is skipped alone; the next message is read")
    func bodyCutShort() {
        let cut = KernelMessages.message(type: 16, body: [0, 0, 1, 0, 7, 0, 0, 0])
        let next = KernelMessages.address(3, "10.13.0.2", prefix: 24)
        let batch = NetlinkParser.parse(cut + next)
        #expect(
            batch.skipped == [
                NetlinkSkip(offset: 0, length: cut.count, reason: .bodyCutShort(type: 16, needed: 16, available: 8))
            ])
        #expect(
            batch.messages.map(\.body) == [
                .address(AddressInfo(index: 3, address: IPAddress("10.13.0.2")!, prefixLength: 24), deleted: false)
            ])
    }

    @Test("An attribute that lies about its length, or holds an address of the wrong size, makes its message skipped")
    func badAttributes() {
        let lying = KernelMessages.route(.ipv4, interface: 3, extra: [200, 0, 5, 0])
        let tiny = KernelMessages.route(.ipv4, interface: 3, extra: [2, 0, 5, 0])
        let wrongSize = KernelMessages.route(.ipv4, interface: 3, extra: KernelMessages.attribute(5, [10, 0, 0, 1, 9]))
        let v6Gateway = KernelMessages.route(
            .ipv4, interface: 3, extra: KernelMessages.attribute(5, IPAddress("2001:db8::1")!.bytes))
        let shortIndex = KernelMessages.route(.ipv4, extra: KernelMessages.attribute(4, [3, 0]))
        let reasons = [lying, tiny, wrongSize, v6Gateway, shortIndex].map {
            NetlinkParser.parse($0).skipped.map(\.reason)
        }
        #expect(
            reasons == [
                [.attributeLengthLies(type: 5)], [.attributeLengthLies(type: 5)], [.badValue(attribute: 5, length: 5)],
                [.badValue(attribute: 5, length: 16)], [.badValue(attribute: 4, length: 2)],
            ])
        let brokenHop = KernelMessages.route(.ipv4, extra: KernelMessages.attribute(9, [40, 0, 0, 0, 3, 0, 0, 0]))
        #expect(NetlinkParser.parse(brokenHop).skipped.map(\.reason) == [.attributeLengthLies(type: 9)])
    }

    @Test("Thousands of damaged datagrams: nothing traps, and every byte is read or skipped")
    func damaged() {
        var generator = SeededGenerator(seed: 1313)
        let datagram =
            KernelMessages.link(3, "v0", kind: "veth") + KernelMessages.address(3, "10.13.0.2", prefix: 24)
            + KernelMessages.route(.ipv4, gateway: "10.13.0.1", interface: 3)
            + KernelMessages.route(.ipv6, extra: KernelMessages.multipath([(3, "fe80::1")]))
        var unaccounted: [String] = []
        for round in 0..<4000 {
            var bytes = datagram
            for _ in 0...Int.random(in: 0..<4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            }
            if round % 3 == 0 { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator)) }
            let batch = NetlinkParser.parse(bytes)
            let accounted = batch.parsedBytes + batch.skipped.reduce(0) { $0 + $1.length }
            if accounted != bytes.count { unaccounted.append("round \(round): \(accounted) of \(bytes.count) bytes") }
        }
        #expect(unaccounted.count == 0, "\(unaccounted.count) datagrams lost bytes, e.g. \(unaccounted.prefix(3))")
    }
}
