/// The two CoreGraphics layouts AFNetworking drew into (`kCGImageAlpha...` without the prefix).
/// Both are 32-bit little-endian (`kCGBitmapByteOrder32Little`, what "32Host" means on x86_64 and
/// arm64): B, G, R, A in memory, or 0xAARRGGBB when a pixel is read as a native UInt32.
public enum AlphaInfo: Sendable, Equatable {
    /// Colour already multiplied by alpha, which is what compositing wants: drawing the image
    /// never multiplies again.
    case premultipliedFirst
    /// Opaque: the fourth byte only keeps pixels 4-byte aligned, and holds 0xFF.
    case noneSkipFirst
}

/// One pixel, in memory order.
public struct Pixel: Sendable, Equatable, CustomStringConvertible {
    public var blue: UInt8
    public var green: UInt8
    public var red: UInt8
    public var alpha: UInt8

    public init(blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) {
        self.blue = blue
        self.green = green
        self.red = red
        self.alpha = alpha
    }

    public var description: String { "BGRA(\(blue), \(green), \(red), \(alpha))" }
}

/// A decoded image: what CGBitmapContextCreateImage returned to AFNetworking.
public struct Bitmap: Sendable, Equatable {
    public static let bytesPerPixel = 4

    public let width: Int
    public let height: Int
    /// Bytes from one row to the next. Rows are not padded here, but CoreGraphics may pad them,
    /// so code that walks rows should use this rather than width × 4.
    public let bytesPerRow: Int
    public let alphaInfo: AlphaInfo
    /// `height` rows of `bytesPerRow` bytes, B, G, R, A per pixel.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, bytesPerRow: Int, alphaInfo: AlphaInfo, pixels: [UInt8]) {
        precondition(
            bytesPerRow >= width * Self.bytesPerPixel && pixels.count >= bytesPerRow * height,
            "the pixel buffer is smaller than the bitmap it describes")
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.alphaInfo = alphaInfo
        self.pixels = pixels
    }

    public func pixel(x: Int, y: Int) -> Pixel {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "(\(x), \(y)) is outside the bitmap")
        let offset = y * bytesPerRow + x * Self.bytesPerPixel
        return Pixel(
            blue: pixels[offset], green: pixels[offset + 1], red: pixels[offset + 2],
            alpha: pixels[offset + 3])
    }
}

extension Bitmap {
    /// Allocates the pixel memory once, uninitialised, and lets `fill` (a decoder) write straight
    /// into it: no second buffer, no copy. If `fill` throws, nothing is kept.
    static func filled(
        width: Int, height: Int, alphaInfo: AlphaInfo,
        by fill: (_ pixels: UnsafeMutableRawBufferPointer, _ bytesPerRow: Int) throws(ImageError) -> Void
    ) throws(ImageError) -> Bitmap {
        let bytesPerRow = width * bytesPerPixel
        let byteCount = bytesPerRow * height
        var failure: ImageError?
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            do throws(ImageError) {
                try fill(UnsafeMutableRawBufferPointer(buffer), bytesPerRow)
                initializedCount = byteCount
            } catch {
                failure = error
                initializedCount = 0
            }
        }
        if let failure { throw failure }
        return Bitmap(
            width: width, height: height, bytesPerRow: bytesPerRow, alphaInfo: alphaInfo,
            pixels: pixels)
    }
}
