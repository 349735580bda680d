/// Reference predictions for the puzzles of exercise 4.1, with the rule each one turns on.
public enum Predictions {
    /// An empty part still has its headers and the empty line that ends them: its body is nothing
    /// at all, so the next boundary's CRLF follows at once. A part whose body is a CRLF keeps it,
    /// and the final boundary brings a CRLF of its own: the one before a boundary is the boundary's.
    public static let puzzle1 = "--Boundary+00000000000000AB\r\n"
        + "Content-Disposition: form-data; name=\"empty\"\r\n"
        + "\r\n"
        + "\r\n--Boundary+00000000000000AB\r\n"
        + "Content-Disposition: form-data; name=\"crlf\"\r\n"
        + "\r\n"
        + "\r\n"
        + "\r\n--Boundary+00000000000000AB--\r\n"

    /// Parameters come first, sorted by key, as text fields; then the form's own part, whose
    /// headers add a filename and a Content-Type. Each later boundary starts with CRLF.
    public static let puzzle2 = "--Boundary+00000000000000AB\r\n"
        + "Content-Disposition: form-data; name=\"a\"\r\n\r\n1"
        + "\r\n--Boundary+00000000000000AB\r\n"
        + "Content-Disposition: form-data; name=\"b\"\r\n\r\n2"
        + "\r\n--Boundary+00000000000000AB\r\n"
        + "Content-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\n"
        + "Content-Type: text/plain\r\n\r\nhi"
        + "\r\n--Boundary+00000000000000AB--\r\n"

    /// 29 (initial boundary line) + 69 (Content-Disposition line) + 25 (Content-Type line)
    /// + 2 (empty line) + 1,000 (the photo) + 33 (CRLF, final boundary, CRLF).
    public static let puzzle3: UInt64 = 1_158
}
