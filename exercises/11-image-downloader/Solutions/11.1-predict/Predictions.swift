/// The reference predictions for exercise 11.1, with the reasoning.
public enum Predictions {
    /// LIFO puts each new download at the front of the queue: B goes before A. The second A joins
    /// the download of A already waiting: no new request.
    public static let puzzle1: [String]? = ["B", "A"]
    /// Queue C, B, A. B's only caller cancels while B waits: B leaves the queue and is never sent.
    public static let puzzle2: [String]? = ["C", "A"]
    /// Cancelling one receipt removes that caller only; the download goes on for the second.
    public static let puzzle3: [String]? = ["A"]
    /// The second A is answered from the image cache, without a task; a reload policy skips the
    /// cache, so the third ask is a request of its own.
    public static let puzzle4: [String]? = ["A", "A"]
    /// Queue B, A. A's only caller cancels: A leaves the queue. Asked again, A is a new download,
    /// and LIFO puts it in front of B.
    public static let puzzle5: [String]? = ["A", "B"]
}
