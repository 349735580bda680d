/// Your predictions for the puzzles of exercise 5.1 (see this chapter's README.md). Each puzzle
/// names the `HTTPResponseSerializer` that validates it.
///
/// A prediction says whether the response is valid, and lists the `NSError` codes of the error's
/// chain, outermost first: `(valid: true, codes: [])` for a valid response,
/// `(valid: false, codes: [-1011])` for a status failure, `(valid: false, codes: [])` for a failure
/// without an error object.
///
/// Work each one out from the rules in chapter 5 first, then write it here.
/// `swift run workshop check 5.1` tells you which are right.
public enum Predictions {
    // TODO(5.1): replace each nil with your prediction.
    public static let puzzle1: (valid: Bool, codes: [Int])? = nil
    public static let puzzle2: (valid: Bool, codes: [Int])? = nil
    public static let puzzle3: (valid: Bool, codes: [Int])? = nil
    public static let puzzle4: (valid: Bool, codes: [Int])? = nil
    public static let puzzle5: (valid: Bool, codes: [Int])? = nil
    public static let puzzle6: (valid: Bool, codes: [Int])? = nil
}
