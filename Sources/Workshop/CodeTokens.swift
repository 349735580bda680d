/// Swift and C source as a copy check sees it: tokens, line by line.
///
/// `lines` gives the tokens as written, for comparing a stub with its solution, where a renamed
/// variable is a change. `normalised` then replaces every name and literal with a placeholder, for
/// comparing a solution with a chapter, where renaming must hide nothing. What stays: keywords,
/// attributes (`@MainActor`), compiler directives (`#if`), operators and punctuation, which a copy
/// cannot change without rewriting the code. What goes: comments and whitespace; every other
/// identifier becomes `I`, every number `N`, every string or character literal `S`. The lexer is
/// deliberately small (it never needs to know what the code means, only where its tokens begin
/// and end), and it never fails: anything it does not know is a token of one character.
enum CodeTokens {
    /// The tokens of `code` as written, one array per line (comments and blank lines give empty
    /// arrays). A token that spans lines (a multi-line string) belongs to the line it starts on.
    static func lines(_ code: String) -> [[String]] {
        var lexer = Lexer(Array(code.unicodeScalars))
        return lexer.run()
    }

    /// A token and where it is: for rewriting code a token at a time (mutation testing), where
    /// the text between two tokens (whitespace, comments) matters too.
    struct Token: Equatable, Sendable {
        var text: String
        /// The line it starts on, from 0.
        var line: Int
        /// Where it starts and ends, in Unicode scalars from the start of the code.
        var start: Int
        var end: Int
    }

    /// The tokens of `code` in order, with their places; comments and whitespace are not tokens.
    static func tokens(_ code: String) -> [Token] {
        var lexer = Lexer(Array(code.unicodeScalars))
        _ = lexer.run()
        return lexer.tokens
    }

    /// The tokens with their names and literals replaced by placeholders. A member's name
    /// (`.sorted`) is a name like any other: a copy may rename a property of its own types, and a
    /// library's member names would make idioms look more alike than they are, not less.
    static func normalised(_ tokens: [String]) -> [String] {
        tokens.map(normalised)
    }

    /// A token with its name or literal replaced by a placeholder: `I`, `N` or `S`.
    static func normalised(_ token: String) -> String {
        guard let first = token.unicodeScalars.first else { return token }
        if first == "\"" || first == "'" || (first == "#" && token.contains("\"")) { return "S" }
        if ("0"..."9").contains(first) { return "N" }
        if (first == "_" || first == "$" || first == "`" || first.properties.isAlphabetic) && !keywords.contains(token)
        {
            return "I"
        }
        return token
    }

    static let keywords: Set<String> = [
        // Swift: declarations, statements, expressions, and the contextual words that shape code.
        "actor", "any", "as", "associatedtype", "async", "await", "borrowing", "break", "case", "catch", "class",
        "consuming", "continue", "convenience", "default", "defer", "deinit", "didSet", "do", "dynamic", "else",
        "enum", "extension", "fallthrough", "false", "fileprivate", "final", "for", "func", "get", "guard", "if",
        "import", "in", "indirect", "init", "inout", "internal", "is", "lazy", "let", "mutating", "nil",
        "nonisolated", "nonmutating", "open", "operator", "override", "package", "private", "protocol", "public",
        "repeat", "required", "rethrows", "return", "self", "Self", "sending", "set", "some", "static", "struct",
        "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "unowned", "var", "weak",
        "where", "while", "willSet", "_",
        // C, for chapter 7's C listings.
        "char", "const", "double", "extern", "float", "goto", "int", "long", "short", "signed", "sizeof",
        "typedef", "union", "unsigned", "void", "volatile",
    ]

    private struct Lexer {
        let text: [Unicode.Scalar]
        var position = 0
        var line = 0
        var lines: [[String]] = [[]]
        var tokens: [Token] = []

        init(_ text: [Unicode.Scalar]) { self.text = text }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            position + offset < text.count ? text[position + offset] : nil
        }

        func starts(with prefix: String) -> Bool {
            let scalars = Array(prefix.unicodeScalars)
            guard position + scalars.count <= text.count else { return false }
            return Array(text[position..<position + scalars.count]) == scalars
        }

        /// Moves past one scalar, counting lines.
        mutating func advance() {
            if text[position] == "\n" {
                line += 1
                lines.append([])
            }
            position += 1
        }

        mutating func emit(_ token: String, atLine start: Int, from begin: Int) {
            lines[start].append(token)
            tokens.append(Token(text: token, line: start, start: begin, end: position))
        }

        mutating func run() -> [[String]] {
            while let scalar = peek() {
                let start = line
                let begin = position
                if scalar.properties.isWhitespace {
                    advance()
                } else if starts(with: "//") {
                    while let next = peek(), next != "\n" { advance() }
                } else if starts(with: "/*") {
                    skipBlockComment()
                } else if scalar == "\"" || (scalar == "#" && isRawStringStart()) || (scalar == "'") {
                    skipLiteral()
                    emit(String(String.UnicodeScalarView(text[begin..<position])), atLine: start, from: begin)
                } else if isDigit(scalar) {
                    skipNumber()
                    emit(String(String.UnicodeScalarView(text[begin..<position])), atLine: start, from: begin)
                } else if isIdentifierStart(scalar) || scalar == "$" || scalar == "`" {
                    emit(readWord(), atLine: start, from: begin)
                } else if scalar == "@" || scalar == "#" {
                    advance()
                    emit(String(scalar) + readWord(), atLine: start, from: begin)
                } else if Self.operatorScalars.contains(scalar) {
                    var run = ""
                    while let next = peek(), Self.operatorScalars.contains(next), !starts(with: "//"),
                        !starts(with: "/*")
                    {
                        run.unicodeScalars.append(next)
                        advance()
                    }
                    emit(run, atLine: start, from: begin)
                } else {
                    advance()
                    emit(String(scalar), atLine: start, from: begin)
                }
            }
            return lines
        }

        static let operatorScalars = Set("+-*/%=<>!&|^~?.".unicodeScalars)

        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

        func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic
        }

        func isRawStringStart() -> Bool {
            var offset = 0
            while peek(offset) == "#" { offset += 1 }
            return peek(offset) == "\""
        }

        /// A name: letters, digits and `_`; a `$0` closure argument; a `` `name` `` in backticks.
        mutating func readWord() -> String {
            var word = ""
            if peek() == "`" {
                advance()
                while let next = peek(), next != "`", next != "\n" {
                    word.unicodeScalars.append(next)
                    advance()
                }
                if peek() == "`" { advance() }
                return "`" + word + "`"  // never a keyword: always a name
            }
            if peek() == "$" {
                word = "$"
                advance()
            }
            while let next = peek(), isIdentifierStart(next) || isDigit(next) {
                word.unicodeScalars.append(next)
                advance()
            }
            return word
        }

        mutating func skipBlockComment() {
            var depth = 0
            while peek() != nil {
                if starts(with: "/*") {
                    depth += 1
                    advance()
                    advance()
                } else if starts(with: "*/") {
                    depth -= 1
                    advance()
                    advance()
                    if depth == 0 { return }
                } else {
                    advance()
                }
            }
        }

        /// Digits, letters (hex, exponents, suffixes) and `_`; a `.` only when a digit follows, so
        /// that `0..<n` is a number, an operator and a name.
        mutating func skipNumber() {
            while let next = peek() {
                if isDigit(next) || isIdentifierStart(next) {
                    advance()
                } else if next == ".", let after = peek(1), isDigit(after) {
                    advance()
                } else if next == "+" || next == "-", let previous = position > 0 ? text[position - 1] : nil,
                    previous == "e" || previous == "E" || previous == "p" || previous == "P",
                    let after = peek(1), isDigit(after)
                {
                    advance()  // an exponent's sign: 1e-3, 0x1p53
                } else {
                    return
                }
            }
        }

        /// A string (`"…"`, `"""…"""`, `#"…"#`) or a C character literal (`'a'`), escapes and
        /// interpolations included: the literal is one token, whatever it holds.
        mutating func skipLiteral() {
            var hashes = 0
            while peek() == "#" {
                hashes += 1
                advance()
            }
            let quote = peek()!
            let triple = quote == "\"" && starts(with: "\"\"\"")
            let close =
                String(repeating: triple ? "\"\"\"" : String(quote), count: 1) + String(repeating: "#", count: hashes)
            for _ in 0..<(triple ? 3 : 1) { advance() }
            var depth = 0  // parentheses of an interpolation, which may hold quotes of its own
            while let next = peek() {
                if next == "\\" && hashes == 0 {
                    advance()
                    if peek() == "(" {
                        depth += 1
                        advance()
                    } else if peek() != nil {
                        advance()
                    }
                } else if depth > 0 {
                    if next == "(" { depth += 1 } else if next == ")" { depth -= 1 }
                    if next == "\"" {
                        advance()
                        skipNestedString()
                    } else {
                        advance()
                    }
                } else if starts(with: close) {
                    for _ in close.unicodeScalars { advance() }
                    return
                } else if next == "\n" && !triple {
                    return  // an unterminated literal ends with its line
                } else {
                    advance()
                }
            }
        }

        /// A plain string inside an interpolation, its opening quote already read.
        mutating func skipNestedString() {
            while let next = peek(), next != "\n" {
                advance()
                if next == "\\" { if peek() != nil { advance() } } else if next == "\"" { return }
            }
        }
    }
}
