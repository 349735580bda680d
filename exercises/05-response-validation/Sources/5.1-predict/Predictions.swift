/// What `validate(_:data:)` says about a response, as you predict it.
public enum Prediction: Equatable, Sendable {
    /// Not answered yet.
    case unanswered
    /// The response passes.
    case valid
    /// The response fails, but without an error object.
    case invalidWithoutError
    /// The response fails with an error whose chain has these `NSError` codes, outermost first.
    case invalid(codes: [Int])
}

/// Your predictions for the puzzles of exercise 5.1 (see this chapter's README.md). Each puzzle is
/// validated by `HTTPResponseSerializer(acceptableContentTypes: ["application/json"])`.
///
/// Work each one out from the rules in chapter 5 first, then write it here.
/// `swift run workshop check 5.1` tells you which are right.
public enum Predictions {
    // TODO(5.1): replace each .unanswered with your prediction, e.g. .invalid(codes: [-1011]).
    public static let puzzle1: Prediction = .unanswered
    public static let puzzle2: Prediction = .unanswered
    public static let puzzle3: Prediction = .unanswered
    public static let puzzle4: Prediction = .unanswered
    public static let puzzle5: Prediction = .unanswered
    public static let puzzle6: Prediction = .unanswered
}
