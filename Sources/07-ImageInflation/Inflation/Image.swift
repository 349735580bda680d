import Foundation

/// What AFNetworking's serializer returned as a UIImage: either inflated (the pixels are ready to
/// draw) or still compressed, because the inflation rules skipped it or the caller turned inflation
/// off. Both are usable: a compressed image decodes when its pixels are asked for.
public struct Image: Sendable {
    public enum Representation: Sendable {
        case inflated(Bitmap)
        case compressed(Data, skipped: SkipReason)
    }

    public let header: ImageHeader
    public let representation: Representation
    /// Pixels per point, as in `UIImage.scale`: a 2x image of 200 × 100 pixels is 100 × 50 points.
    public let scale: Double

    public init(header: ImageHeader, representation: Representation, scale: Double) {
        self.header = header
        self.representation = representation
        self.scale = scale
    }

    public var orientation: ImageOrientation { header.orientation }
    public var pixelWidth: Int { header.width }
    public var pixelHeight: Int { header.height }
    /// The size in points, before orientation is applied.
    public var size: (width: Double, height: Double) {
        (Double(pixelWidth) / scale, Double(pixelHeight) / scale)
    }

    public var isInflated: Bool { bitmap != nil }

    /// The pixels, when the image was inflated.
    public var bitmap: Bitmap? {
        if case .inflated(let bitmap) = representation { bitmap } else { nil }
    }

    /// The pixels, decoding them now if the inflation rules skipped the image (a CMYK or 16-bit
    /// image decodes fine when asked; the size limit still applies).
    public func decodedBitmap(options: DecodingOptions = .default) throws(ImageError) -> Bitmap {
        switch representation {
        case .inflated(let bitmap):
            bitmap
        case .compressed(let data, _):
            try decodeBitmap(from: data, header: header, options: options)
        }
    }
}
