import Crypto
import Foundation
import SwiftASN1
import X509

// listing: public-key-hash
/// A pin on a public key alone: the SHA-256 digest of its DER `SubjectPublicKeyInfo`, the form
/// OkHttp's `CertificatePinner` (`sha256/…`), TrustKit and Apple's `NSPinnedDomains` (bare Base64)
/// write. Unlike a pinned certificate, it needs no certificate: a backup key can be pinned before
/// any CA has signed it. Beyond AFNetworking, which pins certificates only.
public struct PublicKeyHash: Hashable, Sendable {
    /// The 32 bytes of the digest.
    public let sha256: Data

    /// Reads `sha256/BASE64` or bare Base64. Anything else is refused with its reason: a pin that
    /// silently matched nothing would lock the app out the day it was needed.
    public init(_ text: String) throws(ParseError) {
        var base64 = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if let slash = base64.firstIndex(of: "/"), let algorithm = Self.algorithm(named: base64[..<slash]) {
            guard algorithm == "sha256" else { throw .unsupportedAlgorithm(algorithm) }
            base64 = base64[base64.index(after: slash)...]
        }
        guard let digest = Data(base64Encoded: String(base64)) else { throw .notBase64(text) }
        guard digest.count == SHA256.byteCount else { throw .wrongLength(bytes: digest.count) }
        sha256 = digest
    }

    /// The hash of `key`, as the key is written in a certificate.
    public init(_ key: Certificate.PublicKey) {
        var serializer = DER.Serializer()
        // Serializing a parsed key cannot fail; were it to, an empty input hashes to no real key.
        try? serializer.serialize(key)
        sha256 = Data(SHA256.hash(data: serializer.serializedBytes))
    }
    // end-listing

    /// `sha1`, `SHA256`…: the digest's name before a pin's slash. Base64 holds slashes too, but
    /// one whose first slash follows `sha` and one to three digits is one digest in billions.
    private static func algorithm(named name: Substring) -> String? {
        let lowered = name.lowercased()
        guard lowered.hasPrefix("sha"), (4...6).contains(lowered.count), lowered.dropFirst(3).allSatisfy(\.isNumber)
        else { return nil }
        return lowered
    }

    /// The hash of the key of a DER certificate (a `.cer` file).
    public init(keyOfCertificate der: Data) throws(ParseError) {
        guard let certificate = try? Certificate(derEncoded: Array(der)) else { throw .notACertificate }
        self.init(certificate.publicKey)
    }

    /// Why a text is not a pin.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        /// `sha1/…` and the like: only SHA-256 pins are read.
        case unsupportedAlgorithm(String)
        case notBase64(String)
        /// Base64 of something that is not a SHA-256 digest (32 bytes).
        case wrongLength(bytes: Int)
        /// `init(keyOfCertificate:)` was given bytes that are not a DER certificate.
        case notACertificate

        public var description: String {
            switch self {
            case .unsupportedAlgorithm(let name): "\(name) pins are not read: write the key's SHA-256, sha256/…"
            case .notBase64(let text): "\"\(text)\" is not Base64 (after an optional sha256/)"
            case .wrongLength(let bytes): "a pin is a SHA-256 digest of 32 bytes, not \(bytes)"
            case .notACertificate: "the bytes are not a DER certificate"
            }
        }
    }
}

extension PublicKeyHash: CustomStringConvertible, Codable {
    /// `sha256/` and the Base64 of the digest, as OkHttp prints a pin.
    public var description: String { "sha256/" + sha256.base64EncodedString() }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(try container.decode(String.self))
        } catch let error as ParseError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
