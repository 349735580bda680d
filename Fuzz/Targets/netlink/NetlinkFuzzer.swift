// Chapter 13's netlink reader: datagrams as a NETLINK_ROUTE socket receives them, links,
// addresses, routes, the ends of dumps, errors, with lengths that may lie anywhere.
//
// The properties are the ones the reader claims: every byte is either in a message read or in a
// skip, the skips lie inside the datagram, in order; and the messages read are news the tables
// can take (applied twice, they leave the tables as applied once, since each message says what a
// thing is now), from which every kind of target's snapshot is read without a trap.
import FuzzSupport
import Reachability

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNetlink(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(fuzzBytes(start, count))
    let batch = NetlinkParser.parse(bytes)
    let skipped = batch.skipped.reduce(0) { $0 + $1.length }
    check(batch.parsedBytes + skipped == bytes.count, "\(batch.parsedBytes) bytes read and \(skipped) skipped of \(bytes.count)")
    var end = 0
    for skip in batch.skipped {
        check(skip.offset >= end && skip.length > 0 && skip.offset + skip.length <= bytes.count, "a skip outside the datagram: \(skip)")
        end = skip.offset + skip.length
    }
    for message in batch.messages {
        check(message.header.length >= 16 && Int(message.header.length) <= bytes.count, "a message read with length \(message.header.length)")
    }

    var once = KernelNetworkState()
    for message in batch.messages { once.apply(message.body) }
    var twice = once
    for message in batch.messages { twice.apply(message.body) }
    check(once == twice, "the same news applied twice changed the tables")
    let targets: [ReachabilityTarget] = [.internet, .address(IPAddress("10.13.0.9")!), .address(IPAddress("2001:db8::9")!)]
    for target in targets {
        let snapshot = once.snapshot(for: target, kinds: InterfaceKinds(sysfsRoot: nil))
        check(snapshot.flags.contains(.reachable) || snapshot.interface == nil, "not reachable, through \(snapshot.interface!)")
    }
    return 0
}
