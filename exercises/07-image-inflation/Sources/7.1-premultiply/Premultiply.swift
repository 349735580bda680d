/// Undoes premultiplication: the straight colour that a premultiplied byte stood for,
/// round(component × 255 / alpha), halves rounded up. What an encoder needs before it writes a PNG
/// (which stores straight colour) from a bitmap in the course's layout, which the course itself
/// never does. Exact for every pair of bytes, whether you compute in integers or in `Double`.
///
/// - alpha 0: the colour is gone (premultiplying made it 0), and the answer is 0;
/// - a component above its alpha was never made by premultiplying: the answer is clamped to 255.
///
/// `swift run workshop check 7.1` compares it with the exact value for all 65,536 pairs of bytes.
public func unpremultiply(_ component: UInt8, by alpha: UInt8) -> UInt8 {
    // TODO(7.1): return round(component × 255 / alpha), exactly, for every pair of bytes.
    return component
}

/// Unpremultiplies pixels in place. The buffer holds pixels of four bytes, B, G, R, A, as
/// `Bitmap.pixels` does; each pixel's alpha byte stays as it is.
public func unpremultiplyPixels(_ pixels: inout [UInt8]) {
    // TODO(7.1): divide B, G and R of every pixel by that pixel's A, and leave A as it is.
}

// Predictions, to write before running anything: premultiply every one of the 256 straight values
// of a colour at one alpha, then unpremultiply the results.

/// How many of the 256 come back as they were at alpha 128?
public let coloursKeptAtAlpha128 = 0  // TODO(7.1): your prediction
/// Which alphas give every one of the 256 back?
public let alphasThatKeepEveryColour: [UInt8] = []  // TODO(7.1): your prediction
