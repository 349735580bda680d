/// Your predictions for the puzzles of exercise 2.1 (see this chapter's README.md).
///
/// Work each one out by hand first, from the rules in chapter 2, then write it here exactly as
/// `queryString(from:)` would return it. `swift run workshop check 2.1` tells you which are right.
public enum Predictions {
    // TODO(2.1): replace each "?" with the query string you predict.
    public static let puzzle1 = "?"
    public static let puzzle2 = "?"
    public static let puzzle3 = "?"
    public static let puzzle4 = "?"
    public static let puzzle5 = "?"
}
