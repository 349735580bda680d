import ImageInflation

/// The bitmap as a person should see it: its pixels moved as the EXIF `orientation` says.
///
/// Decoders hand back pixels as they are stored. A phone held sideways stores its photo sideways
/// and writes an orientation tag instead of turning the pixels, so the stored bitmap of such a
/// photo, and its terminal preview, lie on their side. The result is a new, tightly packed bitmap
/// with the same `alphaInfo`; for the four orientations that turn the picture a quarter, its width
/// and height are swapped.
public func upright(_ bitmap: Bitmap, orientation: ImageOrientation) -> Bitmap {
    let (storedWidth, storedHeight) = (bitmap.width, bitmap.height)
    let turnsAQuarter = [.leftMirrored, .right, .rightMirrored, .left].contains(orientation)
    let width = turnsAQuarter ? storedHeight : storedWidth
    let height = turnsAQuarter ? storedWidth : storedHeight
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * Bitmap.bytesPerPixel)
    // Walk the upright picture and ask, for each of its pixels, which stored pixel is seen there.
    // EXIF names the side on which the stored first row and first column end up.
    for y in 0..<height {
        for x in 0..<width {
            let (storedX, storedY) = switch orientation {
            case .up: (x, y)                                                     // row 0 top, column 0 left
            case .upMirrored: (storedWidth - 1 - x, y)                           // top, right
            case .down: (storedWidth - 1 - x, storedHeight - 1 - y)              // bottom, right
            case .downMirrored: (x, storedHeight - 1 - y)                        // bottom, left
            case .leftMirrored: (y, x)                                           // left, top
            case .right: (y, storedHeight - 1 - x)                               // right, top
            case .rightMirrored: (storedWidth - 1 - y, storedHeight - 1 - x)     // right, bottom
            case .left: (storedWidth - 1 - y, x)                                 // left, bottom
            }
            let pixel = bitmap.pixel(x: storedX, y: storedY)
            pixels += [pixel.blue, pixel.green, pixel.red, pixel.alpha]
        }
    }
    return Bitmap(width: width, height: height, bytesPerRow: width * Bitmap.bytesPerPixel,
                  alphaInfo: bitmap.alphaInfo, pixels: pixels)
}
