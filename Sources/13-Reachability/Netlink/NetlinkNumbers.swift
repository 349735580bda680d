/// The numbers of Linux's rtnetlink that the course reads, from `<linux/netlink.h>`,
/// `<linux/rtnetlink.h>`, `<linux/if_link.h>`, `<linux/if_addr.h>` and `<linux/if.h>`. Written out
/// here, rather than imported, so that the parser builds, and is tested, on every platform.
enum Netlink {
    static let headerSize = 16

    /// `NLMSG_ALIGN`: messages and attributes start on 4-byte boundaries.
    static func aligned(_ length: Int) -> Int { (length + 3) & ~3 }

    enum MessageType {
        static let noop: UInt16 = 1
        static let error: UInt16 = 2
        static let done: UInt16 = 3
        static let overrun: UInt16 = 4
        static let newLink: UInt16 = 16
        static let deleteLink: UInt16 = 17
        static let getLink: UInt16 = 18
        static let newAddress: UInt16 = 20
        static let deleteAddress: UInt16 = 21
        static let getAddress: UInt16 = 22
        static let newRoute: UInt16 = 24
        static let deleteRoute: UInt16 = 25
        static let getRoute: UInt16 = 26
    }

    enum Flag {
        static let request: UInt16 = 0x1
        static let multi: UInt16 = 0x2
        static let acknowledge: UInt16 = 0x4
        /// `NLM_F_ROOT | NLM_F_MATCH`: every object of the kind.
        static let dump: UInt16 = 0x300
    }

    /// The multicast groups a reachability source listens to (`RTMGRP_*`).
    enum Group {
        static let link: UInt32 = 0x1
        static let ipv4Address: UInt32 = 0x10
        static let ipv4Route: UInt32 = 0x40
        static let ipv6Address: UInt32 = 0x100
        static let ipv6Route: UInt32 = 0x400
        static let reachability = link | ipv4Address | ipv4Route | ipv6Address | ipv6Route
    }

    /// Linux's address families (`AF_INET` is 2 everywhere; `AF_INET6` is 10 on Linux only).
    enum Family {
        static let ipv4: UInt8 = 2
        static let ipv6: UInt8 = 10
    }

    enum LinkAttribute {
        static let name: UInt16 = 3
        static let linkInfo: UInt16 = 18
        /// Inside `linkInfo`.
        static let infoKind: UInt16 = 1
    }

    enum AddressAttribute {
        static let address: UInt16 = 1
        static let local: UInt16 = 2
        static let flags: UInt16 = 8
    }

    enum RouteAttribute {
        static let destination: UInt16 = 1
        static let outputInterface: UInt16 = 4
        static let gateway: UInt16 = 5
        static let priority: UInt16 = 6
        static let multipath: UInt16 = 9
        static let table: UInt16 = 15
    }

    /// The two top bits of an attribute's type are flags (`NLA_F_NESTED`, `NLA_F_NET_BYTEORDER`).
    static let attributeTypeMask: UInt16 = 0x3FFF
}
