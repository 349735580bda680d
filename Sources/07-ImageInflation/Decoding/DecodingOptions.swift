/// Choices that apply to any decode, whether or not AFNetworking's inflation rules would skip it.
public struct DecodingOptions: Sendable, Equatable {
    /// What to do with data that is damaged but still produces a picture.
    public enum Strictness: Sendable, Equatable {
        /// Any damage is an error. The default: a half-downloaded image is a failed download.
        /// For JPEG, every libjpeg warning counts, including a missing end-of-image marker (JPEG
        /// has no checksum, so that is the only sign that the data is complete). A PNG is checked
        /// by its CRCs and the zlib checksum of its pixel data; libpng stops reading after the
        /// last pixel, so a PNG missing only its trailing chunks (IEND) decodes.
        case strict
        /// Keep what decodes, as browsers do. Applies to JPEG, whose decoder reports damage as
        /// warnings and fills missing blocks with grey. libpng's simplified API has no such mode:
        /// a damaged PNG is an error either way.
        case lenient
    }

    /// 8192 × 8192: a 256 MiB bitmap. AFNetworking relied on the device running out of memory;
    /// a server process decoding on many threads cannot.
    public static let defaultMaxPixelCount = 8192 * 8192

    public var strictness: Strictness
    /// The largest width × height decoded at all, checked against the header before allocation.
    /// Raise it only as far as the machine can allocate 4 bytes per pixel: past that, a failed
    /// allocation ends the process, as it does for any Swift array.
    public var maxPixelCount: Int

    public init(strictness: Strictness = .strict, maxPixelCount: Int = defaultMaxPixelCount) {
        self.strictness = strictness
        self.maxPixelCount = maxPixelCount
    }

    public static let `default` = DecodingOptions()

    /// The decompression-bomb guard, run on the sniffed header before anything is allocated.
    func checkSize(of header: ImageHeader) throws(ImageError) {
        guard header.pixelCount <= maxPixelCount else {
            throw .tooLarge(width: header.width, height: header.height, maxPixelCount: maxPixelCount)
        }
    }
}
