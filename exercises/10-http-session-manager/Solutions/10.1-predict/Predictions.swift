/// Exercise 10.1's answers. The initializer adds the slash to the path and leaves the query where
/// it is: `https://api.example.com/shop/v2/?key=abc`. RFC 3986 then keeps the base's query only
/// for a reference with no path and no query of its own (here, the empty string): every other
/// request loses `key=abc`. An API key belongs in a header, or in every request's parameters.
public enum Predictions {
    public static let base: String? = "https://api.example.com/shop/v2/?key=abc"

    /// Merged after the base's last `/`; a path brings no query, so the key is gone.
    public static let puzzle1: String? = "https://api.example.com/shop/v2/orders"
    /// The reference's own query replaces the base's.
    public static let puzzle2: String? = "https://api.example.com/shop/v2/orders/7?expand=items"
    /// A query alone keeps the base's whole path, slash included, and replaces its query.
    public static let puzzle3: String? = "https://api.example.com/shop/v2/?page=2"
    /// Merged to `/shop/v2/../v1/orders`; `..` removes `v2/`.
    public static let puzzle4: String? = "https://api.example.com/shop/v1/orders"
    /// An absolute path replaces the whole path.
    public static let puzzle5: String? = "https://api.example.com/shop/v3/orders"
    /// A network path keeps only the scheme.
    public static let puzzle6: String? = "https://cdn.example.com/logo.png"
    /// The empty reference is the base itself, query and all: the one request that keeps the key.
    public static let puzzle7: String? = "https://api.example.com/shop/v2/?key=abc"

    /// 1, 2 and 4 are merged with the base's path, which the slash changes (without it, `v2` is
    /// the file name that the merge replaces). 3 keeps the base's path as it is: `/shop/v2?page=2`
    /// without the slash. 5 and 6 begin with `/` and `//`: they never read the base's path.
    public static let slashMatters: Set<Int>? = [1, 2, 3, 4]
}
