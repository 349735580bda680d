/// Reference predictions for the puzzles of exercise 3.1, with the rule each one turns on.
public enum Predictions {
    /// The base got its trailing slash, so `users` is added after `v2/`, not put in place of `v2`.
    public static let puzzle1 = "https://api.example.com/v2/users"
    /// A leading slash starts from the root of the host: the `v2` is gone.
    public static let puzzle2 = "https://api.example.com/users"
    /// `..` climbs out of `v2/`; the path is rebuilt from there.
    public static let puzzle3 = "https://api.example.com/v1/users"
    /// A query alone keeps the base's whole path, trailing slash included, and replaces its query.
    public static let puzzle4 = "https://api.example.com/v2/?page=2"
    /// Two slashes start a new host; the scheme is the base's.
    public static let puzzle5 = "https://cdn.example.com/logo.png"
    /// The URL already has a query, so the parameters are joined with `&`; the space is `%20`.
    public static let puzzle6 = "https://api.example.com/v2/search?q=swift&page=2&sort=new%20first"
}
