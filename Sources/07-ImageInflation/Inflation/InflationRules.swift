import Foundation

/// Why the inflation rules hand an image back without inflating it. Size and depth are
/// AFNetworking's own rules; the MIME type and CMYK only chose a decoder there (everything else
/// went through UIImage and was inflated too), and are rules here, where there is no UIImage.
public enum SkipReason: Sendable, Equatable, CustomStringConvertible {
    /// Only `image/png` and `image/jpeg` responses are inflated.
    case mimeTypeNotInflatable(String?)
    /// CoreGraphics' JPEG path "does not properly handle CMYK" (AFNetworking's comment).
    case cmykJPEG
    /// More than 1024 × 1024 pixels: a 4 MiB bitmap is kept, anything larger is left compressed.
    case tooManyPixels(width: Int, height: Int)
    /// 16-bit PNG, 12-bit JPEG: an 8-bit bitmap would throw precision away.
    case moreThan8BitsPerComponent(Int)
    /// Not a rule: the caller turned inflation off (`ImageResponseSerializer`'s
    /// `automaticallyInflatesResponseImage`), and gets what AFNetworking's `AFImageWithDataAtScale` gave.
    case inflationTurnedOff

    public var description: String {
        switch self {
        case .mimeTypeNotInflatable(let mimeType):
            "\(mimeType ?? "no MIME type") is not image/png or image/jpeg"
        case .cmykJPEG:
            "the JPEG is CMYK"
        case .tooManyPixels(let width, let height):
            "\(width)×\(height) is more than \(InflationRules.maxPixelCount) pixels"
        case .moreThan8BitsPerComponent(let bits):
            "\(bits) bits per component is more than 8"
        case .inflationTurnedOff:
            "automatic inflation is turned off"
        }
    }
}

/// AFInflatedImageFromResponseWithDataAtScale's decisions, taken from the header alone, before
/// any pixel memory exists.
public enum InflationRules {
    public static let inflatableMIMETypes: Set<String> = ["image/png", "image/jpeg"]
    public static let maxPixelCount = 1024 * 1024
    public static let maxBitsPerComponent = 8

    // listing: skip-rules
    /// nil means "inflate". The order follows AFNetworking: which decoder the MIME type selects,
    /// then CMYK, then size and depth.
    public static func skipReason(for header: ImageHeader, mimeType: String?) -> SkipReason? {
        guard let mimeType = mimeType.map(essence), inflatableMIMETypes.contains(mimeType) else {
            return .mimeTypeNotInflatable(mimeType)
        }
        if header.format == .jpeg && header.colorModel.isCMYK {
            return .cmykJPEG
        }
        if header.pixelCount > maxPixelCount {
            return .tooManyPixels(width: header.width, height: header.height)
        }
        if header.bitsPerComponent > maxBitsPerComponent {
            return .moreThan8BitsPerComponent(header.bitsPerComponent)
        }
        return nil
    }
    // end-listing

    /// Foundation's `response.mimeType` is already lower-case and without parameters; a header
    /// value taken by hand may be neither ("Image/PNG; charset=binary").
    static func essence(_ mimeType: String) -> String {
        let type = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
