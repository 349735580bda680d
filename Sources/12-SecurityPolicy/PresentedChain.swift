import Foundation
import SwiftASN1
import X509

/// The certificates a server presented, parsed: the leaf, and the rest as material for building
/// a chain. Reading refuses an empty list and any entry that is not a DER certificate.
struct PresentedChain: Sendable {
    let leaf: Certificate
    let leafDER: [UInt8]
    /// Everything after the leaf, in the order presented (intermediates, roots, or unrelated junk).
    let others: [Certificate]
    /// Every certificate as the server sent it, leaf first.
    let presented: [Data]

    struct Refusal: Error {
        let reason: TrustDecision.Reason
    }

    static func read(_ certificates: [Data]) -> Result<PresentedChain, Refusal> {
        guard let first = certificates.first else { return .failure(Refusal(reason: .noCertificates)) }
        var parsed: [Certificate] = []
        for (index, bytes) in certificates.enumerated() {
            guard let certificate = try? Certificate(derEncoded: Array(bytes)) else {
                return .failure(Refusal(reason: .unreadableCertificate(index: index)))
            }
            parsed.append(certificate)
        }
        return .success(
            PresentedChain(
                leaf: parsed[0], leafDER: Array(first), others: Array(parsed.dropFirst()), presented: certificates))
    }

    /// A certificate's DER, as a pin holds it.
    static func der(of certificate: Certificate) -> [UInt8] {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(certificate)) != nil else { return [] }
        return serializer.serializedBytes
    }

    // listing: issuer-path
    /// The path from the leaf upwards through the presented certificates, each step an issuer whose
    /// name matches and whose key verifies the signature, until a self-signed certificate or no
    /// issuer. Dates and constraints are not checked: this is the chain public-key mode reads when
    /// invalid certificates are allowed. An appended certificate that signed nothing is not on it.
    func issuerPath() -> [Certificate] {
        var path = [leaf]
        var candidates = others
        while let tip = path.last, tip.subject != tip.issuer || !tip.publicKey.isValidSignature(tip.signature, for: tip)
        {
            guard
                let index = candidates.firstIndex(where: {
                    $0.subject == tip.issuer && $0.publicKey.isValidSignature(tip.signature, for: tip)
                })
            else { break }
            path.append(candidates.remove(at: index))
        }
        return path
    }
    // end-listing
}
