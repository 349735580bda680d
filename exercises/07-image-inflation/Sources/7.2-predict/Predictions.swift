import ImageInflation

/// What `inflatedImage(from:mimeType:)` does with a response.
public enum Outcome: Equatable, Sendable {
    /// Decoded into a bitmap, ready to draw.
    case inflated
    /// Handed back compressed, for this reason (`Image.Representation.compressed`).
    case skipped(SkipReason)
    /// An error is thrown: no image at all.
    case refused
    /// Not predicted yet.
    case unanswered
}

/// Your predictions for the puzzles of exercise 7.2 (see this chapter's README.md).
///
/// Work each one out from the rules in chapter 7 first, then write it here, for example
/// `.skipped(.moreThan8BitsPerComponent(16))`. `swift run workshop check 7.2` tells you which are
/// right.
public enum Predictions {
    // TODO(7.2): replace each .unanswered with what happens to that response.
    public static let puzzle1: Outcome = .unanswered
    public static let puzzle2: Outcome = .unanswered
    public static let puzzle3: Outcome = .unanswered
    public static let puzzle4: Outcome = .unanswered
    public static let puzzle5: Outcome = .unanswered
    public static let puzzle6: Outcome = .unanswered
    public static let puzzle7: Outcome = .unanswered
    public static let puzzle8: Outcome = .unanswered
    public static let puzzle9: Outcome = .unanswered
}
