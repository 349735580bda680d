/// Premultiplies one colour component by an alpha value: round(component × alpha / 255), the byte
/// CoreGraphics stores for that colour at that coverage. Integers only: no `Double`, no `Float`.
///
/// Adding 128 turns "round down" into "round to nearest"; adding the high byte back before the
/// shift turns "divide by 256" into "divide by 255". Together they are exact for every pair, which
/// the answer tests check one by one: with only 65,536 possible inputs, checking them all is a
/// proof.
public func premultiply(_ component: UInt8, by alpha: UInt8) -> UInt8 {
    let product = UInt32(component) * UInt32(alpha) + 128
    return UInt8((product + (product >> 8)) >> 8)
}

/// Premultiplies straight (not yet premultiplied) pixels in place. The buffer holds pixels of
/// four bytes, B, G, R, A, as in a CoreGraphics `PremultipliedFirst | ByteOrder32Little` bitmap.
public func premultiplyPixels(_ pixels: inout [UInt8]) {
    for alphaOffset in stride(from: 3, to: pixels.count, by: 4) {
        let alpha = pixels[alphaOffset]
        // The three colour bytes come before their alpha byte.
        for offset in alphaOffset - 3..<alphaOffset {
            pixels[offset] = premultiply(pixels[offset], by: alpha)
        }
    }
}
