import Foundation
import SecurityPolicy
import TestCertificates
import Testing
import X509

/// Keys pinned by the SHA-256 of their `SubjectPublicKeyInfo`, beyond AFNetworking: the form OkHttp,
/// TrustKit and `NSPinnedDomains` use, which lets an app pin a backup key no certificate holds yet.
@Suite("Keys pinned by hash")
struct KeyHashTests {
    @Test("A pin reads as OkHttp writes it and as bare Base64, and is the hash OpenSSL computes")
    func readsPins() throws {
        let written = try PublicKeyHash(TestCertificates.backupKeyPin)
        let bare = try PublicKeyHash(String(TestCertificates.backupKeyPin.dropFirst("sha256/".count)))
        #expect(written == bare && written.description == TestCertificates.backupKeyPin)
        // The hash covers the whole SubjectPublicKeyInfo (algorithm and key), as OpenSSL hashed it,
        // for an elliptic-curve key and for an RSA key.
        #expect(
            PublicKeyHash(TestCertificates.backupKey.publicKey) == written,
            "the hash of the backup key (P-256) is not the one OpenSSL computed: is the whole SubjectPublicKeyInfo hashed, algorithm included?"
        )
        let rsa = try Certificate.PublicKey(pemEncoded: TestCertificates.rsaPublicKeyPEM)
        #expect(
            PublicKeyHash(rsa).description == TestCertificates.rsaPublicKeyPin,
            "the hash of an RSA-2048 key is not the one OpenSSL computed")
        #expect(try PublicKeyHash(keyOfCertificate: pki.backupKeyLeaf.data) == written)
    }

    @Test("A malformed pin is refused with its reason, never kept to match nothing")
    func malformedPins() {
        let digest20 = Data(repeating: 7, count: 20).base64EncodedString()
        let cases: [(String, PublicKeyHash.ParseError)] = [
            ("sha1/" + digest20, .unsupportedAlgorithm("sha1")),
            ("SHA384/" + digest20, .unsupportedAlgorithm("sha384")),
            ("sha256/" + digest20, .wrongLength(bytes: 20)),
            ("sha256/not Base64 at all!", .notBase64("sha256/not Base64 at all!")),
            ("", .wrongLength(bytes: 0)),
        ]
        for (text, reason) in cases {
            #expect(throws: reason, "\"\(text)\" must be refused as \(reason)") { try PublicKeyHash(text) }
        }
        #expect(throws: PublicKeyHash.ParseError.notACertificate) {
            try PublicKeyHash(keyOfCertificate: Data("not DER".utf8))
        }
    }

    @Test("An archive holding a malformed pin does not decode: the policy never loses a pin unseen")
    func malformedPinInArchive() throws {
        var pinned = policy(.publicKey, keyHashes: [PublicKeyHash(pki.localhostLeaf.certificate.publicKey)])
        pinned.pinnedPublicKeyHashes.insert(try PublicKeyHash(TestCertificates.backupKeyPin))
        let decoded = try JSONDecoder().decode(SecurityPolicy.self, from: JSONEncoder().encode(pinned))
        #expect(decoded == pinned && decoded.pinnedPublicKeyHashes.count == 2, "the key hashes must survive coding")
        let broken = Data(#"{"pinningMode":"publicKey","pinnedPublicKeyHashes":["sha256/AAAA"]}"#.utf8)
        #expect(throws: DecodingError.self, "a pin of 3 bytes must fail the decoding") {
            try JSONDecoder().decode(SecurityPolicy.self, from: broken)
        }
    }

    @Test("A backup key pinned before its certificate exists: today's server passes, and so does tomorrow's")
    func backupKey() async throws {
        let today = [pki.localhostLeaf, pki.intermediate]
        let tomorrow = [pki.backupKeyLeaf, pki.intermediate]
        let current = PublicKeyHash(pki.localhostLeaf.certificate.publicKey)
        let backup = try PublicKeyHash(TestCertificates.backupKeyPin)
        let withBackup = policy(.publicKey, keyHashes: [current, backup])
        for chain in [today, tomorrow] {
            let decision = await withBackup.decide(chain, for: "localhost")
            #expect(
                decision.isTrusted && decision.reason == .pinnedPublicKeys(count: 1),
                "pinning today's key and the backup key by hash, shown \(words(chain)): \(decision)")
        }
        let lockedOut = await policy(.publicKey, keyHashes: [current]).decide(tomorrow, for: "localhost")
        #expect(
            !lockedOut.isTrusted && lockedOut.reason == .noPinnedPublicKey,
            "pinning today's key alone, shown \(words(tomorrow)): the app is locked out, as it must be: \(lockedOut)")
        let rogue = await withBackup.decide([pki.rogueLeaf, pki.rogueRoot], for: "localhost")
        #expect(!rogue.isTrusted, "pinning today's key and the backup key, shown the rogue's chain: \(rogue)")
    }

    @Test("Keys pinned only by hash are pins: with invalid certificates allowed, the guard lets them through")
    func hashesPassTheGuard() async {
        let pinned = policy(
            .publicKey, keyHashes: [PublicKeyHash(pki.intermediate.certificate.publicKey)], allowInvalid: true)
        let decision = await pinned.decide([pki.localhostLeaf, pki.intermediate], for: "localhost")
        #expect(
            decision.isTrusted && decision.reason == .pinnedPublicKeys(count: 1),
            "public-key mode pinning the intermediate's key by hash, invalid allowed, shown the right server: the guard refuses only a policy with nothing pinned: \(decision)"
        )
    }

    @Test(
        "Keys pinned by hash in a mode that would not read them refuse every server, with that reason",
        arguments: [SecurityPolicy.PinningMode.certificate, .none])
    func hashesOutsideKeyMode(mode: SecurityPolicy.PinningMode) async {
        let pinned = policy(
            mode, pinning: mode == .certificate ? [pki.intermediate] : [],
            keyHashes: [PublicKeyHash(pki.intermediate.certificate.publicKey)])
        let decision = await pinned.decide([pki.localhostLeaf, pki.intermediate], for: "localhost")
        #expect(
            !decision.isTrusted && decision.reason == .keyHashesNeedPublicKeyMode,
            "\(mode) mode with a key pinned by hash, shown the right server: the hash would be ignored, so the policy must refuse: \(decision)"
        )
    }

    @Test("A key hash counts on the chain that was built, never on a certificate appended to the list")
    func hashOfAnAppendedCertificate() async {
        let rogue = [pki.rogueLeaf, pki.rogueRoot, pki.intermediate]
        let intermediateKey = PublicKeyHash(pki.intermediate.certificate.publicKey)
        for allowInvalid in [true, false] {
            let decision = await policy(.publicKey, keyHashes: [intermediateKey], allowInvalid: allowInvalid).decide(
                rogue, for: "localhost")
            #expect(
                !decision.isTrusted,
                "public-key mode pinning the intermediate's key by hash\(allowInvalid ? ", invalid allowed" : ""), shown \(words(rogue)): \(decision)"
            )
        }
        let otherHost = [pki.otherHostLeaf, pki.intermediate, pki.localhostLeaf]
        let appended = await policy(.publicKey, keyHashes: [PublicKeyHash(pki.localhostLeaf.certificate.publicKey)])
            .decide(otherHost, for: "other.example")
        #expect(
            !appended.isTrusted && appended.reason == .noPinnedPublicKey,
            "public-key mode pinning the right leaf's key by hash, shown \(words(otherHost)): the validated chain does not hold it: \(appended)"
        )
    }
}
