/// Your predictions for exercise 10.1 (see this chapter's README.md). Each puzzle is a URL string
/// given to a manager made with `HTTPSessionManager(baseURL: URL(string: "https://api.example.com/v2")!)`.
///
/// Write the absolute URL string each one resolves to, as `resolvedURLString(_:)` would return it:
/// `"https://api.example.com/…"`. Work each one out from RFC 3986 and chapter 10 first.
/// `swift run workshop check 10.1` tells you which are right.
public enum Predictions {
    // TODO(10.1): replace each nil with your prediction.
    public static let puzzle1: String? = nil  // "users"
    public static let puzzle2: String? = nil  // "users/"
    public static let puzzle3: String? = nil  // "/users"
    public static let puzzle4: String? = nil  // "../v1/users"
    public static let puzzle5: String? = nil  // "?page=2"
    public static let puzzle6: String? = nil  // "//cdn.example.com/logo.png"
    public static let puzzle7: String? = nil  // "http://localhost:8080/health"
    public static let puzzle8: String? = nil  // ""
}
