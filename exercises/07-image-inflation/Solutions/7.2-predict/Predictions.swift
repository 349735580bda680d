import ImageInflation

/// `.success(nil)`: inflated; `.success(reason)`: compressed for that reason; `.failure`: thrown.
public typealias Outcome = Result<SkipReason?, ImageError>

/// The predictions for the puzzles of exercise 7.2, each with the rule that decides it.
public enum Predictions {
    /// An ordinary photo: every rule lets it through.
    public static let puzzle1: Outcome? = .success(nil)
    /// 2048 × 512 is exactly 1024 × 1024 pixels: the limit is on the count, not on either side.
    public static let puzzle2: Outcome? = .success(nil)
    /// 1,080,000 pixels, a little more than 1,048,576.
    public static let puzzle3: Outcome? = .success(.tooManyPixels(width: 1200, height: 900))
    /// CMYK is checked before size: YCCK counts as CMYK, and the size is never looked at.
    public static let puzzle4: Outcome? = .success(.cmykJPEG)
    /// Size is checked before depth, so the 16 bits are never looked at.
    public static let puzzle5: Outcome? = .success(.tooManyPixels(width: 2000, height: 2000))
    /// The MIME type is compared without case and parameters; then the depth rule skips it.
    public static let puzzle6: Outcome? = .success(.moreThan8BitsPerComponent(16))
    /// The MIME type only has to be one of the two; the bytes choose the decoder.
    public static let puzzle7: Outcome? = .success(nil)
    /// `image/jpg` is not `image/jpeg`: a common mistake of servers, and AFNetworking's rule is exact.
    public static let puzzle8: Outcome? = .success(.mimeTypeNotInflatable("image/jpg"))
    /// A decompression bomb: refused before the rules are asked, so it never comes back "skipped".
    public static let puzzle9: Outcome? = .failure(
        .tooLarge(width: 100_000, height: 100_000, maxPixelCount: DecodingOptions.defaultMaxPixelCount))
}
