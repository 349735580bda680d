/// Reads the datagrams of a `NETLINK_ROUTE` socket. Nothing in them is trusted: a length that lies,
/// a body cut short or an attribute that runs past its message is skipped, with its reason and its
/// bytes counted, and the reading goes on wherever it still can. Nothing here can trap.
public enum NetlinkParser {
    // listing: netlink-framing
    /// Splits a datagram into messages, the way the kernel's `NLMSG_OK` and `NLMSG_NEXT` walk one:
    /// each message starts on a 4-byte boundary, its header gives its length. A header whose length
    /// is impossible ends the walk, since the next message cannot be found: the rest is one skip.
    public static func parse(_ bytes: [UInt8]) -> NetlinkBatch {
        var batch = NetlinkBatch()
        var offset = 0
        while offset < bytes.count {
            let available = bytes.count - offset
            guard available >= Netlink.headerSize else {
                batch.skipped.append(NetlinkSkip(offset: offset, length: available, reason: .headerCutShort))
                break
            }
            let header = readHeader(bytes, at: offset)
            if let lie = lengthLie(header.length, available: available) {
                batch.skipped.append(NetlinkSkip(offset: offset, length: available, reason: lie))
                break
            }
            let extent = min(Netlink.aligned(Int(header.length)), available)
            switch body(of: header, in: bytes, from: offset + Netlink.headerSize, to: offset + Int(header.length)) {
            case .success(let body):
                batch.messages.append(NetlinkMessage(header: header, body: body))
                batch.parsedBytes += extent
            case .failure(let reason):
                batch.skipped.append(NetlinkSkip(offset: offset, length: extent, reason: reason))
            }
            offset += extent
        }
        return batch
    }
    // end-listing

    static func lengthLie(_ length: UInt32, available: Int) -> NetlinkSkip.Reason? {
        if length < UInt32(Netlink.headerSize) { return .lengthBelowHeader(claimed: length) }
        if UInt64(length) > UInt64(available) { return .lengthBeyondData(claimed: length, available: available) }
        return nil
    }

    static func readHeader(_ bytes: [UInt8], at offset: Int) -> NetlinkHeader {
        NetlinkHeader(
            length: bytes.load(UInt32.self, at: offset), type: bytes.load(UInt16.self, at: offset + 4),
            flags: bytes.load(UInt16.self, at: offset + 6), sequence: bytes.load(UInt32.self, at: offset + 8),
            portID: bytes.load(UInt32.self, at: offset + 12))
    }

    /// What the message from `start` (after its header) to `end` says.
    static func body(of header: NetlinkHeader, in bytes: [UInt8], from start: Int, to end: Int)
        -> Result<NetlinkBody, NetlinkSkip.Reason>
    {
        let reader = BodyReader(bytes: bytes, start: start, end: end, type: header.type)
        switch header.type {
        case Netlink.MessageType.newLink, Netlink.MessageType.deleteLink:
            return reader.link().map { .link($0, deleted: header.type == Netlink.MessageType.deleteLink) }
        case Netlink.MessageType.newAddress, Netlink.MessageType.deleteAddress:
            return reader.address().map {
                $0.map { .address($0, deleted: header.type == Netlink.MessageType.deleteAddress) } ?? .other
            }
        case Netlink.MessageType.newRoute, Netlink.MessageType.deleteRoute:
            return reader.route().map {
                $0.map { .route($0, deleted: header.type == Netlink.MessageType.deleteRoute) } ?? .other
            }
        case Netlink.MessageType.error:
            return reader.fixedPart(4).map { .error(code: bytes.load(Int32.self, at: start)) }
        case Netlink.MessageType.done:
            return .success(.done)
        default:
            return .success(.other)
        }
    }
}

extension [UInt8] {
    /// A number in the host's byte order (netlink's), from any offset; the caller checked the bounds.
    func load<Number: FixedWidthInteger>(_ type: Number.Type, at offset: Int) -> Number {
        withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Number.self) }
    }
}
