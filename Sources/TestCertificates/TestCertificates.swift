import Crypto
import Foundation
import SwiftASN1
import X509

/// Makes certificates for chapter 12's tests and exercises: P-256 keys, ECDSA with SHA-256, and a
/// validity that runs a year either side of `evaluationTime`, the instant every test evaluates at.
/// Nothing is written to disk, so nothing committed can expire.
public enum TestCertificates {
    /// 1 June 2030, 00:00 UTC: a fixed "now" for evaluations, far from the day a test runs.
    public static let evaluationTime = Date(timeIntervalSince1970: 1_906_502_400)

    /// A key written here, not made at run time, so that its pin can be written here too: the
    /// "backup key" a policy pins before any certificate holds it. `backupKeyPin` was computed
    /// apart from the course's code, by OpenSSL, from the key in PEM:
    /// `openssl pkey -pubout -outform der | openssl dgst -sha256 -binary | base64`.
    package static let backupKey: Certificate.PrivateKey = {
        // The private scalar, 32 bytes in hexadecimal.
        let hex = "298df953daa1b675e4c2c519e321520fa67198eb5daab121c6fe343734107547"
        let bytes = stride(from: 0, to: hex.count, by: 2).compactMap { offset -> UInt8? in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)
        }
        do { return Certificate.PrivateKey(try P256.Signing.PrivateKey(rawRepresentation: bytes)) } catch {
            fatalError("the backup key does not parse: \(error)")
        }
    }()
    package static let backupKeyPin = "sha256/DzNYbiOfbm7hCEGkwQXdSBYDKJQF+oicig1zhLQgYNs="

    /// An RSA public key (2048 bits) and its pin, both from OpenSSL as above: an RSA key's
    /// `SubjectPublicKeyInfo` is written differently from an elliptic-curve key's.
    package static let rsaPublicKeyPEM = """
        -----BEGIN PUBLIC KEY-----
        MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuiY6ESiO4gels2pu5y++
        u1Ltm2CtAnq0qyCaWsFcoRjOBrNn4k25fhTpqEojAEgPGOmejI69kxqN9yKy1VW7
        qg1sHI/k334/b+jlycmUu4Ud83phQJKVqjL+llKewIcXmzLbpHK3f/Ot3T+UFGLa
        djoCN4zIU3bRbhxIICzEoEiYfcNl6pmHd9UOv920RgKTrlpPp8iN72NGgQMFBPTK
        ev1ase1DPfpJwZ0xXGBHaqj5Fl507RNJ4N2iRT3E9UxPC7Ogl3S/pIF0fqSytxHb
        /2INkBYzzto4MUgptY4tF/K8gGvlMcFynFFhXBsU6a43KIoOoLBo0xYk+lGwG27s
        tQIDAQAB
        -----END PUBLIC KEY-----
        """
    package static let rsaPublicKeyPin = "sha256/D1mBa68rBSkSVf1a58rYe4LoxMbtveeQvKuL0Hv+MOE="

    /// A new P-256 key, for certificates that must share one (`CertificateRecipe.key`).
    public static func newKey() -> Certificate.PrivateKey { Certificate.PrivateKey(P256.Signing.PrivateKey()) }

    /// A certificate made from `recipe`, signed by `issuer`, or by its own key when `issuer` is nil.
    public static func make(_ recipe: CertificateRecipe, issuedBy issuer: TestIdentity? = nil) throws -> TestIdentity {
        let key = recipe.key ?? Certificate.PrivateKey(P256.Signing.PrivateKey())
        let subject = try DistinguishedName { CommonName(recipe.commonName) }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: key.publicKey,
            notValidBefore: recipe.notValidBefore,
            notValidAfter: recipe.notValidAfter,
            issuer: issuer?.certificate.subject ?? subject,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try extensions(for: recipe),
            issuerPrivateKey: issuer?.privateKey ?? key)
        return try TestIdentity(certificate: certificate, privateKey: key)
    }

    static func extensions(for recipe: CertificateRecipe) throws -> Certificate.Extensions {
        var extensions = Certificate.Extensions()
        switch recipe.role {
        case .authority:
            try extensions.append(
                Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: nil), critical: true))
            try extensions.append(Certificate.Extension(KeyUsage(keyCertSign: true), critical: true))
        case .server:
            try extensions.append(Certificate.Extension(BasicConstraints.notCertificateAuthority, critical: true))
            try extensions.append(Certificate.Extension(KeyUsage(digitalSignature: true), critical: true))
            if !recipe.extendedKeyUsage.isEmpty {
                try extensions.append(
                    Certificate.Extension(
                        ExtendedKeyUsage(recipe.extendedKeyUsage), critical: recipe.extendedKeyUsageIsCritical))
            }
        }
        let names = recipe.dnsNames.map(GeneralName.dnsName) + recipe.ipAddresses.compactMap(ipAddress)
        if !names.isEmpty {
            try extensions.append(Certificate.Extension(SubjectAlternativeNames(names), critical: false))
        }
        return extensions
    }

    /// `127.0.0.1` as the four bytes a certificate holds.
    static func ipAddress(_ text: String) -> GeneralName? {
        let parts = text.split(separator: ".").compactMap { UInt8($0) }
        guard parts.count == 4 else { return nil }
        return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(parts)))
    }
}
