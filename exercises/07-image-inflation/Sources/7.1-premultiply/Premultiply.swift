/// Premultiplies one colour component by an alpha value: round(component × alpha / 255), the byte
/// CoreGraphics stores for that colour at that coverage. Integers only: no `Double`, no `Float`.
///
/// `swift run workshop check 7.1` compares it with the exact value for all 65,536 pairs of bytes.
public func premultiply(_ component: UInt8, by alpha: UInt8) -> UInt8 {
    // TODO(7.1): return round(component × alpha / 255), exactly, for every pair of bytes.
    return component
}

/// Premultiplies straight (not yet premultiplied) pixels in place. The buffer holds pixels of
/// four bytes, B, G, R, A, as in a CoreGraphics `PremultipliedFirst | ByteOrder32Little` bitmap.
public func premultiplyPixels(_ pixels: inout [UInt8]) {
    // TODO(7.1): multiply B, G and R of every pixel by that pixel's A, and leave A as it is.
}
