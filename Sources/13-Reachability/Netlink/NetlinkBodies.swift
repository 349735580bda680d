/// One attribute of a message (`struct rtattr`): its type, without the flag bits, and where its
/// value lies in the datagram.
struct NetlinkAttribute {
    var type: UInt16
    var value: Range<Int>
}

/// Reads the body of one message, from `start` to `end` in `bytes`: its fixed part, then its
/// attributes. Every read is checked against `end` first.
struct BodyReader {
    let bytes: [UInt8]
    let start: Int
    let end: Int
    let type: UInt16

    /// Fails unless the body holds at least `size` bytes.
    func fixedPart(_ size: Int) -> Result<Void, NetlinkSkip.Reason> {
        end - start >= size ? .success(()) : .failure(.bodyCutShort(type: type, needed: size, available: end - start))
    }

    // listing: netlink-attributes
    /// The attributes from `from` to `to`: each one's length covers its own 4-byte header and its
    /// value, and the next starts at the following 4-byte boundary. An attribute shorter than its
    /// header, or longer than what is left of the message, makes the whole message unreadable.
    func attributes(from: Int, to: Int) -> Result<[NetlinkAttribute], NetlinkSkip.Reason> {
        var found: [NetlinkAttribute] = []
        var offset = from
        while to - offset >= 4 {
            let length = Int(bytes.load(UInt16.self, at: offset))
            let type = bytes.load(UInt16.self, at: offset + 2) & Netlink.attributeTypeMask
            guard length >= 4, length <= to - offset else { return .failure(.attributeLengthLies(type: type)) }
            found.append(NetlinkAttribute(type: type, value: offset + 4..<offset + length))
            offset += Netlink.aligned(length)
        }
        return .success(found)
    }
    // end-listing

    /// `struct ifinfomsg` (16 bytes), then `IFLA_IFNAME` and `IFLA_LINKINFO`'s `IFLA_INFO_KIND`.
    func link() -> Result<LinkInfo, NetlinkSkip.Reason> {
        fixedPart(16).flatMap { attributes(from: start + 16, to: end) }.flatMap { attributes in
            var link = LinkInfo(
                index: bytes.load(Int32.self, at: start + 4), flags: bytes.load(UInt32.self, at: start + 8),
                hardwareType: bytes.load(UInt16.self, at: start + 2))
            for attribute in attributes {
                switch attribute.type {
                case Netlink.LinkAttribute.name:
                    link.name = string(attribute.value)
                case Netlink.LinkAttribute.linkInfo:
                    switch self.attributes(from: attribute.value.lowerBound, to: attribute.value.upperBound) {
                    case .success(let nested):
                        let kind = nested.first { $0.type == Netlink.LinkAttribute.infoKind }
                        link.kind = kind.map { string($0.value) }
                    case .failure(let reason): return .failure(reason)
                    }
                default: continue
                }
            }
            return .success(link)
        }
    }

    /// `struct ifaddrmsg` (8 bytes), then the address (`IFA_LOCAL`, else `IFA_ADDRESS`) and
    /// `IFA_FLAGS`. Nil for a family other than IPv4 and IPv6, or a message without an address.
    func address() -> Result<AddressInfo?, NetlinkSkip.Reason> {
        fixedPart(8).flatMap { attributes(from: start + 8, to: end) }.flatMap { attributes in
            guard let family = addressFamily(bytes[start]) else { return .success(nil) }
            var local: IPAddress?
            var peer: IPAddress?
            var flags = UInt32(bytes[start + 2])
            for attribute in attributes {
                switch attribute.type {
                case Netlink.AddressAttribute.local, Netlink.AddressAttribute.address:
                    guard let address = ipAddress(attribute, family: family) else {
                        return .failure(.badValue(attribute: attribute.type, length: attribute.value.count))
                    }
                    if attribute.type == Netlink.AddressAttribute.local { local = address } else { peer = address }
                case Netlink.AddressAttribute.flags:
                    guard let value = number(attribute) else {
                        return .failure(.badValue(attribute: attribute.type, length: attribute.value.count))
                    }
                    flags = value
                default: continue
                }
            }
            guard let address = local ?? peer else { return .success(nil) }
            return .success(
                AddressInfo(
                    index: bytes.load(Int32.self, at: start + 4), address: address, prefixLength: bytes[start + 1],
                    scope: bytes[start + 3], flags: flags))
        }
    }

    func addressFamily(_ raw: UInt8) -> IPAddress.Family? {
        raw == Netlink.Family.ipv4 ? .ipv4 : raw == Netlink.Family.ipv6 ? .ipv6 : nil
    }

    func ipAddress(_ attribute: NetlinkAttribute, family: IPAddress.Family) -> IPAddress? {
        guard let address = IPAddress(bytes: bytes[attribute.value]), address.family == family else { return nil }
        return address
    }

    func number(_ attribute: NetlinkAttribute) -> UInt32? {
        attribute.value.count == 4 ? bytes.load(UInt32.self, at: attribute.value.lowerBound) : nil
    }

    /// An interface name or a kind: bytes up to the first NUL, as UTF-8 (invalid bytes replaced).
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range].prefix { $0 != 0 }, as: UTF8.self)
    }
}
