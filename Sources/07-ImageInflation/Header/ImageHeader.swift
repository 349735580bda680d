/// The two formats this chapter decodes: the two for which AFNetworking asked CoreGraphics' own
/// decoders. Every other image type went through UIImage in the original.
public enum ImageFormat: String, Sendable, Equatable, CustomStringConvertible {
    case png = "PNG"
    case jpeg = "JPEG"

    public var description: String { rawValue }
}

/// How the file stores colour, before any decoding. CoreGraphics calls this the colour space
/// model; like CoreGraphics we report YCbCr and Adobe-RGB JPEGs simply as `.rgb`.
public enum ColorModel: Sendable, Equatable {
    case gray
    case rgb
    /// A PNG palette: each pixel is an index into a table of colours.
    case indexed
    /// Four-channel JPEG: cyan, magenta, yellow, black.
    case cmyk
    /// CMYK whose first three channels were stored as YCbCr (Adobe APP14 transform 2).
    case ycck

    /// CoreGraphics' JPEG path reports both as CMYK, and AFNetworking would not take its pixels
    /// (it drew UIImage's decode instead); the course's rules leave both compressed.
    public var isCMYK: Bool { self == .cmyk || self == .ycck }
}

/// The EXIF orientation, named like UIImage.Orientation. Decoding never rotates pixels: like
/// UIKit, the image carries its orientation and whoever draws it applies it.
public enum ImageOrientation: UInt8, Sendable, Equatable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8
}

/// Everything the first bytes of a file say, found without decoding a pixel.
public struct ImageHeader: Sendable, Equatable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// The sample depth the file declares: 1, 2, 4, 8 or 16 for PNG (for a palette, the width of
    /// an index), 8 or 12 for JPEG.
    public var bitsPerComponent: Int
    public var colorModel: ColorModel
    /// An alpha channel or a PNG tRNS chunk: the bitmap will be premultiplied.
    public var hasAlpha: Bool
    /// An Adam7 PNG or a progressive JPEG: the picture arrives in passes.
    public var isInterlaced: Bool
    public var orientation: ImageOrientation

    public init(
        format: ImageFormat, width: Int, height: Int, bitsPerComponent: Int,
        colorModel: ColorModel, hasAlpha: Bool = false, isInterlaced: Bool = false,
        orientation: ImageOrientation = .up
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.colorModel = colorModel
        self.hasAlpha = hasAlpha
        self.isInterlaced = isInterlaced
        self.orientation = orientation
    }

    /// Width times height. Both fit in 32 bits, so on a 64-bit platform the product cannot
    /// overflow.
    public var pixelCount: Int { width * height }
}
