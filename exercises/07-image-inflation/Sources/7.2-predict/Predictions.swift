import ImageInflation

/// What `inflatedImage(from:mimeType:)` does with a response: `.success(nil)` when it inflates the
/// image, `.success(reason)` when it hands the image back compressed for that `SkipReason`, and
/// `.failure(error)` when it throws that `ImageError`.
public typealias Outcome = Result<SkipReason?, ImageError>

/// Your predictions for the puzzles of exercise 7.2 (see this chapter's README.md).
///
/// Work each one out from the rules in chapter 7 first, then write it here, for example
/// `.success(.moreThan8BitsPerComponent(16))`. `swift run workshop check 7.2` tells you which are
/// right.
public enum Predictions {
    // TODO(7.2): replace each nil with what happens to that response.
    public static let puzzle1: Outcome? = nil
    public static let puzzle2: Outcome? = nil
    public static let puzzle3: Outcome? = nil
    public static let puzzle4: Outcome? = nil
    public static let puzzle5: Outcome? = nil
    public static let puzzle6: Outcome? = nil
    public static let puzzle7: Outcome? = nil
    public static let puzzle8: Outcome? = nil
    public static let puzzle9: Outcome? = nil
}
