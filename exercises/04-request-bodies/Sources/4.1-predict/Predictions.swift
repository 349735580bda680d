/// Your predictions for the puzzles of exercise 4.1 (see this chapter's README.md).
///
/// Write each body as a Swift string, with `\r\n` for every CRLF, exactly as the body stream gives
/// it. `swift run workshop check 4.1` tells you which are right.
public enum Predictions {
    // TODO(4.1): replace each "?" (and the 0) with what you predict.
    public static let puzzle1 = "?"
    public static let puzzle2 = "?"
    public static let puzzle3: UInt64 = 0
}
