import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate made on the spot, with the private key that belongs to its public key: a CA signs
/// with it, a server proves with it that the certificate is its own.
public struct TestIdentity: Sendable {
    public let certificate: Certificate
    /// The certificate as DER, the bytes a TLS server sends and a pin holds.
    public let der: [UInt8]
    public let privateKey: Certificate.PrivateKey
    /// The certificate in words, for a failing test's message: "a leaf for other.example under the
    /// intermediate". Its subject and issuer until `named(_:)` says more.
    public private(set) var words: String

    public var data: Data { Data(der) }

    /// The same certificate, described as `words`.
    public func named(_ words: String) -> TestIdentity {
        var named = self
        named.words = words
        return named
    }

    /// The key in PEM (PKCS #8), the form a TLS server is configured with.
    public var privateKeyPEM: String {
        get throws { try privateKey.serializeAsPEM().pemString }
    }

    init(certificate: Certificate, privateKey: Certificate.PrivateKey) throws {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        self.certificate = certificate
        self.der = serializer.serializedBytes
        self.privateKey = privateKey
        self.words =
            certificate.subject == certificate.issuer
            ? "\(certificate.subject), self-signed" : "\(certificate.subject), issued by \(certificate.issuer)"
    }
}

extension TestIdentity: CustomStringConvertible {
    /// Short, for test names with arguments: `the right leaf for localhost`, or, for a certificate
    /// made without words, `CN=localhost, issued by CN=Course Server CA 1B`.
    public var description: String { words }
}

/// How to make one certificate. Every field has the value of an ordinary, valid certificate at
/// `TestCertificates.evaluationTime`; a test changes the one thing it is about.
public struct CertificateRecipe: Sendable {
    public enum Role: Sendable {
        /// A certificate authority: `basicConstraints` CA, may sign certificates.
        case authority
        /// A TLS server's certificate: not a CA, for server authentication.
        case server
    }

    public var commonName: String
    public var role: Role
    public var dnsNames: [String] = []
    /// IPv4 addresses written as usual, `127.0.0.1`.
    public var ipAddresses: [String] = []
    public var notValidBefore = TestCertificates.evaluationTime.addingTimeInterval(-365 * 86_400)
    public var notValidAfter = TestCertificates.evaluationTime.addingTimeInterval(365 * 86_400)
    /// AFNetworking's self-signed fixtures mark extended key usage critical; a verifier that does not
    /// handle the extension must then refuse the certificate.
    public var extendedKeyUsageIsCritical = false
    /// What a server certificate may be used for; TLS servers need `serverAuth`. Empty: the
    /// certificate has no extended-key-usage extension at all, and so no restriction.
    public var extendedKeyUsage: [ExtendedKeyUsage.Usage] = [.serverAuth]
    /// Reuse a key (a cross-signed root keeps its self-signed twin's key); nil makes a new one.
    public var key: Certificate.PrivateKey?

    public init(commonName: String, role: Role) {
        self.commonName = commonName
        self.role = role
    }
}
