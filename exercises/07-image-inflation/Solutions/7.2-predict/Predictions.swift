import ImageInflation

/// `.success(nil)`: inflated; `.success(reason)`: compressed for that reason; `.failure`: thrown.
public typealias Outcome = Result<SkipReason?, ImageError>

/// The predictions for the puzzles of exercise 7.2, each with the rule that decides it.
public enum Predictions {
    /// 1025 × 1023 = 1024² − 1: one pixel under the limit, though one side is over 1024.
    public static let puzzle1: Outcome? = .success(nil)
    /// Exactly 1024 × 1024 is not *more* than the limit, so the size passes; then the depth rule.
    public static let puzzle2: Outcome? = .success(.moreThan8BitsPerComponent(12))
    /// The MIME type is the first rule, and only `image/png` and `image/jpeg` pass it: the CMYK rule
    /// is never asked.
    public static let puzzle3: Outcome? = .success(.mimeTypeNotInflatable("image/pjpeg"))
    /// `image/png` passes the MIME rule; the bytes say JPEG, and the CMYK rule reads the bytes'
    /// format, not the MIME type's.
    public static let puzzle4: Outcome? = .success(.cmykJPEG)
    /// No Content-Type at all is no inflatable MIME type, and the reason says so with nil.
    public static let puzzle5: Outcome? = .success(.mimeTypeNotInflatable(nil))
    /// One bit per pixel is not more than 8: every rule lets it through.
    public static let puzzle6: Outcome? = .success(nil)
    /// The bytes are a GIF's: sniffing, before any rule, finds neither PNG nor JPEG, whatever the
    /// MIME type claims.
    public static let puzzle7: Outcome? = .failure(.unrecognizedFormat)
    /// 64,000,000 pixels is under the bomb limit (8192², 67,108,864): the rules run, and the size
    /// rule skips it.
    public static let puzzle8: Outcome? = .success(.tooManyPixels(width: 8000, height: 8000))
    /// 100,000,000 pixels is over the bomb limit, which is checked right after sniffing and before
    /// the rules: the MIME type is never looked at.
    public static let puzzle9: Outcome? = .failure(
        .tooLarge(width: 10_000, height: 10_000, maxPixelCount: DecodingOptions.defaultMaxPixelCount))
}
