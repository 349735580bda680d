/// Undoes premultiplication: the straight colour that a premultiplied byte stood for,
/// round(component × 255 / alpha), halves rounded up. What an encoder needs before it writes a PNG
/// (which stores straight colour) from a bitmap in the course's layout, which the course itself
/// never does. Exact for every pair of bytes, whether you compute in integers or in `Double`.
///
/// - alpha 0: the colour is gone (premultiplying made it 0), and the answer is 0;
/// - a component above its alpha was never made by premultiplying: the answer is clamped to 255.
public func unpremultiply(_ component: UInt8, by alpha: UInt8) -> UInt8 {
    guard alpha > 0 else { return 0 }
    // c × 255 / a + ½, in integers: (2 × c × 255 + a) / (2 × a). UInt32, because c × 255 does not
    // fit in a byte; the clamp, because c > a gives more than 255.
    let (c, a) = (UInt32(component), UInt32(alpha))
    return UInt8(min(255, (2 * c * 255 + a) / (2 * a)))
}

/// Unpremultiplies pixels in place. The buffer holds pixels of four bytes, B, G, R, A, as
/// `Bitmap.pixels` does; each pixel's alpha byte stays as it is.
public func unpremultiplyPixels(_ pixels: inout [UInt8]) {
    for alphaOffset in stride(from: 3, to: pixels.count, by: 4) {
        let alpha = pixels[alphaOffset]
        if alpha == 255 { continue }  // nothing was multiplied
        for offset in alphaOffset - 3..<alphaOffset {
            pixels[offset] = unpremultiply(pixels[offset], by: alpha)
        }
    }
}

// Predictions, to write before running anything: premultiply every one of the 256 straight values
// of a colour at one alpha, then unpremultiply the results.

/// How many of the 256 come back as they were at alpha 128? Premultiplying at alpha a can only give
/// the values 0 to a, so at most a + 1 different colours can come back, and all of those do.
public let coloursKeptAtAlpha128 = 129
/// Which alphas give every one of the 256 back? Only an alpha whose premultiplied values are all
/// different: 255, and no other.
public let alphasThatKeepEveryColour: [UInt8] = [255]
