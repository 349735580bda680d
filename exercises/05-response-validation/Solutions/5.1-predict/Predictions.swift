/// Reference predictions for the puzzles of exercise 5.1, with the rule each one turns on.
public enum Predictions {
    /// No MIME type, but a body: only "no type and no body" passes, so the content type fails with an
    /// error; the status fails too, and its error goes outside.
    public static let puzzle1: (valid: Bool, codes: [Int])? = (valid: false, codes: [-1011, -1016])
    /// The acceptable types are a set of exact MIME types: `application/*` is a string like any
    /// other, not a pattern, and `application/json` is not in the set.
    public static let puzzle2: (valid: Bool, codes: [Int])? = (valid: false, codes: [-1016])
    /// nil acceptable status codes accept every status; the content type still fails.
    public static let puzzle3: (valid: Bool, codes: [Int])? = (valid: false, codes: [-1016])
    /// nil acceptable content types accept every type: only the status fails.
    public static let puzzle4: (valid: Bool, codes: [Int])? = (valid: false, codes: [-1011])
    /// The content type passes (no type, no body); 204 is not in [200, 304], whatever 2xx means
    /// elsewhere.
    public static let puzzle5: (valid: Bool, codes: [Int])? = (valid: false, codes: [-1011])
    /// An empty set is not nil: it accepts no type at all. With an empty body that failure makes no
    /// error, and the status passes.
    public static let puzzle6: (valid: Bool, codes: [Int])? = (valid: false, codes: [])
}
