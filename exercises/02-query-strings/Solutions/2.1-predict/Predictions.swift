/// Reference predictions for the puzzles of exercise 2.1, with the rule each one turns on.
public enum Predictions {
    /// A space and `&` are escaped; letters are not.
    public static let puzzle1 = "q=fish%20%26%20chips"
    /// `<` on strings compares codes, and `U` (0x55) comes before `s` (0x73): `Unit` goes first. The
    /// array keeps its order, each dictionary in it is written `sizes[]` and then its own keys,
    /// sorted inside each element (`h` before `w`), never across the elements.
    public static let puzzle2 = "Unit=cm&sizes%5B%5D%5Bh%5D=9&sizes%5B%5D%5Bw%5D=10&sizes%5B%5D%5Bw%5D=2"
    /// NSNull gives the bare field, `true` gives 1, an empty array gives nothing at all.
    public static let puzzle3 = "a&b=1"
    /// `/` and `?` stay (RFC 3986 §3.4 allows them in a query); `@`, `#` and the inner `=` do not.
    public static let puzzle4 = "at=%40home%20%231&next=/inbox?page%3D2"
    /// A set repeats its own field, in sorted order; a flag is two four-byte scalars.
    public static let puzzle5 = "flag=%F0%9F%87%AB%F0%9F%87%B7&ids=1&ids=2&ids=3"
}
