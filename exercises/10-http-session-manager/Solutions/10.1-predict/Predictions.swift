/// Exercise 10.1's answers: the base is `https://api.example.com/v2/` once the manager has added
/// its slash.
public enum Predictions {
    /// Merged after the base's last `/`.
    public static let puzzle1: String? = "https://api.example.com/v2/users"
    /// The reference's own trailing slash stays.
    public static let puzzle2: String? = "https://api.example.com/v2/users/"
    /// An absolute path replaces the whole path, `v2` included.
    public static let puzzle3: String? = "https://api.example.com/users"
    /// `..` removes `v2/`.
    public static let puzzle4: String? = "https://api.example.com/v1/users"
    /// A query alone keeps the base's path.
    public static let puzzle5: String? = "https://api.example.com/v2/?page=2"
    /// A network path keeps only the scheme.
    public static let puzzle6: String? = "https://cdn.example.com/logo.png"
    /// An absolute URL ignores the base.
    public static let puzzle7: String? = "http://localhost:8080/health"
    /// The empty reference is the base itself.
    public static let puzzle8: String? = "https://api.example.com/v2/"
}
