// listing: premultiply
/// round(value × factor / 255) in integers, without a division. Adding 128 rounds; adding the
/// high byte back turns "divide by 256" into "divide by 255" exactly: the result equals
/// round(value × factor / 255) for all 65,536 pairs (the tests check every one).
@inline(__always)
package func multiplyDividingBy255(_ value: UInt8, _ factor: UInt8) -> UInt8 {
    let product = UInt32(value) * UInt32(factor) + 128
    return UInt8(truncatingIfNeeded: (product + (product >> 8)) >> 8)
}

/// Turns straight B, G, R, A into premultiplied B, G, R, A in place. Like CoreGraphics, it
/// multiplies the gamma-encoded bytes as they are; libpng's own "associated alpha" output would
/// multiply in linear light and give different bytes.
package func premultiplyAlpha(_ pixels: UnsafeMutableRawBufferPointer) {
    for offset in stride(from: 0, to: pixels.count, by: Bitmap.bytesPerPixel) {
        let alpha = pixels[offset + 3]
        if alpha == 255 { continue }  // the common case: nothing to do
        pixels[offset] = multiplyDividingBy255(pixels[offset], alpha)
        pixels[offset + 1] = multiplyDividingBy255(pixels[offset + 1], alpha)
        pixels[offset + 2] = multiplyDividingBy255(pixels[offset + 2], alpha)
    }
}
// end-listing
