#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as the kernel carries it: 4 or 16 bytes, in network order.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public enum Family: Sendable, Hashable {
        case ipv4
        case ipv6
    }

    public let bytes: [UInt8]

    /// Nil unless `bytes` holds 4 or 16 bytes.
    public init?(bytes: some Sequence<UInt8>) {
        let bytes = Array(bytes)
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses `203.0.113.7` or `2001:db8::7`; nil for anything else (a host name included).
    public init?(_ text: String) {
        for (family, count) in [(AF_INET, 4), (AF_INET6, 16)] {
            var buffer = [UInt8](repeating: 0, count: count)
            if inet_pton(family, text, &buffer) == 1 {
                bytes = buffer
                return
            }
        }
        return nil
    }

    public var family: Family { bytes.count == 4 ? .ipv4 : .ipv6 }

    /// The usual text form (`inet_ntop`).
    public var description: String {
        var text = [CChar](repeating: 0, count: 64)
        let family = self.family == .ipv4 ? AF_INET : AF_INET6
        guard inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the first `length` bits of this address are those of `network` (same family).
    public func isInside(_ network: IPAddress, prefixLength length: Int) -> Bool {
        guard family == network.family, length >= 0, length <= bytes.count * 8 else { return false }
        for bit in 0..<length {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if bytes[bit / 8] & mask != network.bytes[bit / 8] & mask { return false }
        }
        return true
    }
}
