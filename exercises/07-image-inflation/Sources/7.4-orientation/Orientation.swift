import ImageInflation

/// The bitmap as a person should see it: its pixels moved as the EXIF `orientation` says.
///
/// Decoders hand back pixels as they are stored. A phone held sideways stores its photo sideways
/// and writes an orientation tag instead of turning the pixels, so the stored bitmap of such a
/// photo, and its terminal preview, lie on their side. The result is a new, tightly packed bitmap
/// with the same `alphaInfo`; for the four orientations that turn the picture a quarter, its width
/// and height are swapped.
public func upright(_ bitmap: Bitmap, orientation: ImageOrientation) -> Bitmap {
    // TODO(7.4): build a new bitmap in which every pixel sits where the orientation says it is seen.
    return bitmap
}
