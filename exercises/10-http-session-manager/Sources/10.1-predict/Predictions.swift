/// Your predictions for exercise 10.1 (see this chapter's README.md). The manager is made with
///
///     HTTPSessionManager(baseURL: URL(string: "https://api.example.com/shop/v2?key=abc")!)
///
/// and the API expects `key=abc` on every request. Write each answer as the absolute URL string
/// `resolvedURLString(_:)` returns (`"https://…"`), worked out from RFC 3986 and chapter 10 before
/// you check. `swift run workshop check 10.1` tells you which are right, not what they should be.
public enum Predictions {
    // TODO(10.1): replace each nil with your prediction.

    /// The manager's `baseURL`, after its initializer.
    public static let base: String? = nil

    public static let puzzle1: String? = nil  // "orders"
    public static let puzzle2: String? = nil  // "orders/7?expand=items"
    public static let puzzle3: String? = nil  // "?page=2"
    public static let puzzle4: String? = nil  // "../v1/orders"
    public static let puzzle5: String? = nil  // "/shop/v3/orders"
    public static let puzzle6: String? = nil  // "//cdn.example.com/logo.png"
    public static let puzzle7: String? = nil  // "" (the empty string)

    /// The puzzles (1 to 6) that would go somewhere else if the initializer had not added its
    /// slash, e.g. `[1, 5]`. Next to the set, write in a comment why the others do not care.
    public static let slashMatters: Set<Int>? = nil
}
