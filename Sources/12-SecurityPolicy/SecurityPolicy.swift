import Foundation
import X509

/// What an app trusts when it talks to its server: AFNetworking 4.0.1's `AFSecurityPolicy`, as an
/// evaluator of a DER certificate chain, a host and a time (`evaluate(_:forDomain:)`).
///
/// On Apple platforms the chain arrives in a `SecTrust`, with the system's roots and clock built in.
/// Here `ServerTrust` carries them explicitly: the roots and the time are parameters, which is what
/// lets the tests evaluate generated chains at a fixed instant.
public struct SecurityPolicy: Sendable {
    // listing: pinning-mode
    /// What the policy compares the server's chain with, beyond the usual validation.
    public enum PinningMode: String, Sendable, Codable, CaseIterable {
        /// Nothing is pinned: the chain must be valid against the trusted roots, no more.
        case none
        /// Some certificate of the evaluated chain must equal, byte for byte, a pinned certificate.
        case certificate
        /// Some public key of the chain must equal the public key of a pinned certificate.
        case publicKey
    }

    /// Set when the policy is made, as in AFNetworking, whose `SSLPinningMode` is read-only.
    public let pinningMode: PinningMode
    /// Accept certificates the trusted roots do not vouch for (self-signed, expired, unknown CA).
    /// Off by default; what it relaxes depends on the mode (chapter 12, "Two flags, two meanings").
    public var allowInvalidCertificates = false
    /// Check that the leaf certificate names the host. On by default since AFNetworking 2.5.3.
    public var validatesDomainName = true
    // end-listing

    /// The pins, as DER. Setting them parses each one once and derives its public key; a pin that
    /// is not a certificate, or whose key cannot be read, is kept but can never match.
    public var pinnedCertificates: Set<Data> {
        get { pins.certificates }
        set { pins = PinSet(newValue) }
    }

    /// The public keys of the pinned certificates that could be read.
    public var pinnedPublicKeys: Set<Certificate.PublicKey> { pins.publicKeys }

    /// Keys pinned by the hash of their `SubjectPublicKeyInfo`, beyond AFNetworking: public-key mode
    /// counts them beside `pinnedPublicKeys`. Any other mode refuses every server while there are
    /// some, since it would not look at them.
    public var pinnedPublicKeyHashes: Set<PublicKeyHash> = []

    var pins: PinSet

    /// AFNetworking's `defaultPolicy`: no pinning, invalid certificates refused, the host checked.
    public static let `default` = SecurityPolicy(pinningMode: .none)

    /// AFNetworking's `policyWithPinningMode:withPinnedCertificates:`.
    public init(pinningMode: PinningMode, pinnedCertificates: Set<Data> = []) {
        self.pinningMode = pinningMode
        self.pins = PinSet(pinnedCertificates)
    }
}

extension SecurityPolicy: CustomStringConvertible {
    public var description: String {
        "SecurityPolicy(\(pinningMode), allowInvalidCertificates: \(allowInvalidCertificates), "
            + "validatesDomainName: \(validatesDomainName), \(pinnedCertificates.count) pinned, "
            + "\(pinnedPublicKeyHashes.count) key hashes)"
    }
}

/// The pinned certificates, parsed once when they are set (AFNetworking derives the keys in
/// `setPinnedCertificates:`), so that no evaluation parses a pin again.
struct PinSet: Sendable {
    let certificates: Set<Data>
    /// The pins that parse as certificates: the anchors of certificate mode.
    let parsed: [Certificate]
    let publicKeys: Set<Certificate.PublicKey>

    init(_ certificates: Set<Data>) {
        self.certificates = certificates
        // AFNetworking raises on a pin that is not DER (it adds nil to an array); here it is skipped.
        self.parsed = certificates.compactMap { try? Certificate(derEncoded: Array($0)) }
        self.publicKeys = Set(parsed.map(\.publicKey))
    }

    func contains(_ certificate: [UInt8]) -> Bool { certificates.contains(Data(certificate)) }
}
