/// Your predictions for the puzzles of exercise 3.1 (see this chapter's README.md).
///
/// Every puzzle starts from `BaseURL(URL(string: "https://api.example.com/v2")!)`. Work each one
/// out from the rules in chapter 3, then write the absolute URL exactly as the library gives it.
/// `swift run workshop check 3.1` tells you which are right.
public enum Predictions {
    // TODO(3.1): replace each "?" with the absolute URL you predict.
    public static let puzzle1 = "?"
    public static let puzzle2 = "?"
    public static let puzzle3 = "?"
    public static let puzzle4 = "?"
    public static let puzzle5 = "?"
    public static let puzzle6 = "?"
}
