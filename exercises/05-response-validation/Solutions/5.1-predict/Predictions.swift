/// Reference predictions for the puzzles of exercise 5.1, with the rule each one turns on.
public enum Predictions {
    /// No MIME type and no body: nothing to mislabel, and 204 is a 2xx.
    public static let puzzle1: (valid: Bool, codes: [Int])? = (valid: true, codes: [])
    /// The type is right; the status is not: one error, -1011.
    public static let puzzle2: (valid: Bool, codes: [Int])? = (valid: false, codes: [-1011])
    /// A wrong type with an empty body fails, but silently.
    public static let puzzle3: (valid: Bool, codes: [Int])? = (valid: false, codes: [])
    /// Both fail: the status error (-1011) wraps the content-type error (-1016).
    public static let puzzle4: (valid: Bool, codes: [Int])? = (valid: false, codes: [-1011, -1016])
    /// Type and subtype are case-insensitive, and the charset is a parameter, not part of the type.
    public static let puzzle5: (valid: Bool, codes: [Int])? = (valid: true, codes: [])
    /// The silent content-type failure leaves no error to wrap: the status error stands alone.
    public static let puzzle6: (valid: Bool, codes: [Int])? = (valid: false, codes: [-1011])
}
