/// Reference predictions for the puzzles of exercise 3.1, with the rule each one turns on.
public enum Predictions {
    /// Merged after `v2/`, then the reference's own dot segments go: `.` is dropped, and `..` takes
    /// `me` with it (RFC 3986 §5.2.4).
    public static let puzzle1 = "https://api.example.com/v2/users/settings"
    /// `..` with a query: the merged path `/v2/..` climbs out of `v2/`, and the query is the
    /// reference's.
    public static let puzzle2 = "https://api.example.com/?page=2"
    /// A fragment alone keeps everything of the base, its trailing slash included.
    public static let puzzle3 = "https://api.example.com/v2/#top"
    /// Letters and digits, then a colon: a scheme. The reference is an absolute URL and ignores the
    /// base altogether (RFC 3986 §4.2).
    public static let puzzle4 = "v3:beta"
    /// The `./` is how a relative path whose first segment holds a colon is written; it is removed.
    public static let puzzle5 = "https://api.example.com/v2/v3:beta"
    /// The URL already has a query, so the parameters follow it with `&`, sorted, the space as
    /// `%20`, and all of it before the fragment.
    public static let puzzle6 = "https://api.example.com/v2/search?q=swift&page=2&sort=new%20first#results"
}
