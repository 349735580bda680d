/// Your predictions for exercise 11.1 (see this chapter's README.md). Each puzzle is a short
/// script of calls on a fresh `ImageDownloader` whose one download slot is held by a download
/// that never answers; after the script the slot is released, and everything runs to its end.
///
/// Write the images HTTPBin receives requests for, in the order it receives them, as "A", "B"
/// and "C" (an empty list if it receives none). Work each one out from chapter 11 first;
/// `swift run workshop check 11.1` tells you which are right.
public enum Predictions {
    // TODO(11.1): replace each nil with your prediction, for example ["A", "B"].
    public static let puzzle1: [String]? = nil  // LIFO: ask A, ask B, ask A
    public static let puzzle2: [String]? = nil  // LIFO: ask A, ask B, ask C; B's caller cancels
    public static let puzzle3: [String]? = nil  // FIFO: two callers ask A; the first cancels
    public static let puzzle4: [String]? = nil  // FIFO: ask A; once it is downloaded, ask A again, then A with a reload policy
    public static let puzzle5: [String]? = nil  // LIFO: ask A, ask B; A's caller cancels, then asks A again
}
