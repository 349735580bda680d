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
