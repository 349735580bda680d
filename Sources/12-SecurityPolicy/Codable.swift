import Foundation

// listing: policy-coding
/// AFNetworking's `NSSecureCoding`, as `Codable`. On purpose, a missing `validatesDomainName` keeps
/// its default, on, where AFNetworking's `decodeBoolForKey:` of the absent key turns the host check off.
extension SecurityPolicy: Codable {
    enum CodingKeys: String, CodingKey {
        case pinningMode, allowInvalidCertificates, validatesDomainName, pinnedCertificates, pinnedPublicKeyHashes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pins = try container.decodeIfPresent([Data].self, forKey: .pinnedCertificates) ?? []
        self.init(
            pinningMode: try container.decode(PinningMode.self, forKey: .pinningMode), pinnedCertificates: Set(pins))
        allowInvalidCertificates = try container.decodeIfPresent(Bool.self, forKey: .allowInvalidCertificates) ?? false
        validatesDomainName = try container.decodeIfPresent(Bool.self, forKey: .validatesDomainName) ?? true
        // A malformed hash fails the whole decoding, with its reason: never a policy missing a pin.
        pinnedPublicKeyHashes = Set(
            try container.decodeIfPresent([PublicKeyHash].self, forKey: .pinnedPublicKeyHashes) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pinningMode, forKey: .pinningMode)
        try container.encode(allowInvalidCertificates, forKey: .allowInvalidCertificates)
        try container.encode(validatesDomainName, forKey: .validatesDomainName)
        // Sorted, so that one policy always encodes to the same bytes.
        try container.encode(
            pinnedCertificates.sorted { $0.lexicographicallyPrecedes($1) }, forKey: .pinnedCertificates)
        try container.encode(pinnedPublicKeyHashes.map(\.description).sorted(), forKey: .pinnedPublicKeyHashes)
    }
}
// end-listing

extension SecurityPolicy: Equatable {
    public static func == (lhs: SecurityPolicy, rhs: SecurityPolicy) -> Bool {
        lhs.pinningMode == rhs.pinningMode && lhs.allowInvalidCertificates == rhs.allowInvalidCertificates
            && lhs.validatesDomainName == rhs.validatesDomainName && lhs.pinnedCertificates == rhs.pinnedCertificates
            && lhs.pinnedPublicKeyHashes == rhs.pinnedPublicKeyHashes
    }
}

extension SecurityPolicy {
    /// AFNetworking's `certificatesInBundle:`: every `.cer` file of a folder, as DER. AFNetworking
    /// raises on a file it cannot read; this throws.
    public static func certificates(in folder: URL) throws -> Set<Data> {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        return try Set(files.filter { $0.pathExtension == "cer" }.map { try Data(contentsOf: $0) })
    }

    /// The `.cer` files of a bundle's resources (`Bundle.module` in a package).
    public static func certificates(in bundle: Bundle) throws -> Set<Data> {
        guard let folder = bundle.resourceURL else { return [] }
        return try certificates(in: folder)
    }
}
