/// Turns C, M, Y, K bytes into B, G, R, 0xFF in place, four bytes in and four out.
///
/// This is the naive conversion browsers use when a CMYK JPEG has no colour profile: each ink
/// removes the light of its complementary channel and black removes all three, so
/// red = (255 - C)(255 - K) / 255. A print shop's colour profile would give other values (which
/// is why the inflation rules leave CMYK compressed), but these are predictable and close.
func convertCMYKToBGRX(_ pixels: UnsafeMutableRawBufferPointer, storedInverted: Bool) {
    // Adobe applications store 255 - ink, which is already the light let through; plain CMYK
    // stores the ink. x ^ 255 is 255 - x.
    let flip: UInt8 = storedInverted ? 0 : 255
    for offset in stride(from: 0, to: pixels.count, by: Bitmap.bytesPerPixel) {
        let redLight = pixels[offset] ^ flip
        let greenLight = pixels[offset + 1] ^ flip
        let blueLight = pixels[offset + 2] ^ flip
        let light = pixels[offset + 3] ^ flip
        pixels[offset] = multiplyDividingBy255(blueLight, light)
        pixels[offset + 1] = multiplyDividingBy255(greenLight, light)
        pixels[offset + 2] = multiplyDividingBy255(redLight, light)
        pixels[offset + 3] = 255
    }
}
