import Foundation

/// A test declared in a test file: a function marked `@Test`, found by reading the source, so that
/// the stage files can be checked without building anything.
package struct DeclaredTest: Sendable, Equatable {
    /// `Suite/function`, as a stage file names it (see `StagePlan`).
    package var key: String
    /// The sentence in `@Test("…")`, if the test has one.
    package var displayName: String?
    package var file: URL
    package var line: Int
}

/// Finds the `@Test` functions of Swift source and the suites they are in. It reads just enough
/// Swift for that: comments, string literals (raw, multi-line, with interpolations), braces, and
/// the names after `struct`, `class`, `enum`, `actor` and `extension`.
enum TestSourceScanner {
    /// Every test in the Swift files under `folder`, by file and line.
    static func tests(inFolder folder: URL) throws -> [DeclaredTest] {
        let files =
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        return try files.flatMap { file in
            tests(in: try String(contentsOf: file, encoding: .utf8)).map {
                DeclaredTest(key: $0.key, displayName: $0.displayName, file: file, line: $0.line)
            }
        }
    }

    static func tests(in source: String) -> [(key: String, displayName: String?, line: Int)] {
        var lexer = Lexer(source)
        let tokens = lexer.tokens()
        let dot = Lexer.Token.Kind.punctuation(".")
        let open = Lexer.Token.Kind.punctuation("(")
        var found: [(key: String, displayName: String?, line: Int)] = []
        var types: [(name: String, depth: Int)] = []
        var depth = 0
        var pendingType: String?
        var pendingTest: (line: Int, displayName: String?)?
        var index = 0
        func identifier(at position: Int) -> String? {
            guard position < tokens.count, case .identifier(let name) = tokens[position].kind else { return nil }
            return name
        }
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .identifier("struct"), .identifier("class"), .identifier("enum"), .identifier("actor"),
                .identifier("extension"):
                // `class func`, `class var`: a modifier, not a type.
                guard var name = identifier(at: index), !["func", "var", "let", "subscript"].contains(name) else {
                    continue
                }
                index += 1
                while index + 1 < tokens.count, tokens[index].kind == dot, let next = identifier(at: index + 1) {
                    name += "/" + next
                    index += 2
                }
                pendingType = name
            case .punctuation("{"):
                depth += 1
                if let name = pendingType { types.append((name, depth)) }
                pendingType = nil
            case .punctuation("}"):
                depth -= 1
                while let last = types.last, last.depth > depth { types.removeLast() }
            case .attribute("Test"):
                var displayName: String?
                if index < tokens.count, tokens[index].kind == open {
                    var parentheses = 0
                    repeat {
                        switch tokens[index].kind {
                        case .punctuation("("): parentheses += 1
                        case .punctuation(")"): parentheses -= 1
                        case .string(let text) where displayName == nil && parentheses == 1: displayName = text
                        default: break
                        }
                        index += 1
                    } while parentheses > 0 && index < tokens.count
                }
                pendingTest = (token.line, displayName)
            case .identifier("func"):
                guard let test = pendingTest, let name = identifier(at: index) else { continue }
                found.append(((types.map(\.name) + [name]).joined(separator: "/"), test.displayName, test.line))
                pendingTest = nil
            default:
                continue
            }
        }
        return found
    }
}

/// The tokens of Swift source that `TestSourceScanner` needs.
private struct Lexer {
    struct Token {
        enum Kind: Equatable {
            case identifier(String)
            case attribute(String)
            case string(String)
            case punctuation(Character)
        }
        var kind: Kind
        var line: Int
    }

    private let characters: [Character]
    private var position = 0
    private var line = 1

    init(_ source: String) { characters = Array(source) }

    mutating func tokens() -> [Token] {
        var tokens: [Token] = []
        while let character = peek() {
            if character == "\n" {
                line += 1
                position += 1
                continue
            }
            if character.isWhitespace {
                position += 1
                continue
            }
            if character == "/", peek(1) == "/" {
                skipLineComment()
                continue
            }
            if character == "/", peek(1) == "*" {
                skipBlockComment()
                continue
            }
            let start = line
            if character == "\"" || (character == "#" && rawStringAhead()) {
                tokens.append(Token(kind: .string(readString()), line: start))
            } else if character == "@", let next = peek(1), next.isLetter || next == "_" {
                position += 1
                tokens.append(Token(kind: .attribute(readIdentifier()), line: start))
            } else if character.isLetter || character == "_" || character == "`" {
                tokens.append(Token(kind: .identifier(readIdentifier()), line: start))
            } else {
                position += 1
                tokens.append(Token(kind: .punctuation(character), line: start))
            }
        }
        return tokens
    }

    private func peek(_ offset: Int = 0) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }

    private mutating func readIdentifier() -> String {
        var name = ""
        while let character = peek(), character.isLetter || character.isNumber || character == "_" || character == "`" {
            if character != "`" { name.append(character) }
            position += 1
        }
        return name
    }

    private mutating func skipLineComment() {
        while let character = peek(), character != "\n" { position += 1 }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        repeat {
            if peek() == "/", peek(1) == "*" {
                depth += 1
                position += 2
                continue
            }
            if peek() == "*", peek(1) == "/" {
                depth -= 1
                position += 2
                continue
            }
            if peek() == "\n" { line += 1 }
            position += 1
        } while depth > 0 && position < characters.count
    }

    /// `#"…"#`, `##"…"##`: hashes, then a quote.
    private func rawStringAhead() -> Bool {
        var offset = 0
        while peek(offset) == "#" { offset += 1 }
        return peek(offset) == "\""
    }

    /// Reads a string literal from its opening delimiter to its closing one, interpolations and
    /// all; returns its text (interpolations left as written).
    private mutating func readString() -> String {
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            position += 1
        }
        let multiline = peek(1) == "\"" && peek(2) == "\""
        position += multiline ? 3 : 1
        let escape = "\\" + String(repeating: "#", count: hashes)
        var text = ""
        while let character = peek() {
            if character == "\n" { line += 1 }
            if matches(escape) {
                position += escape.count
                if peek() == "(" {
                    text += "\\(" + readInterpolation()
                } else if let escaped = peek() {
                    text.append(escaped)
                    position += 1
                }
                continue
            }
            if character == "\"", multiline ? (peek(1) == "\"" && peek(2) == "\"") : true {
                let closing = (multiline ? 3 : 1)
                if (0..<hashes).allSatisfy({ peek(closing + $0) == "#" }) {
                    position += closing + hashes
                    return text
                }
            }
            text.append(character)
            position += 1
        }
        return text
    }

    /// From an interpolation's `(` to its `)`, with any strings inside it.
    private mutating func readInterpolation() -> String {
        var depth = 0
        var text = ""
        while let character = peek() {
            if character == "\"" {
                text += "\"" + readString() + "\""
                continue
            }
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == "\n" { line += 1 }
            position += 1
            if depth == 0 { return text + ")" }
            if depth > 0 && !(depth == 1 && character == "(") { text.append(character) }
        }
        return text
    }

    private func matches(_ text: String) -> Bool {
        text.enumerated().allSatisfy { peek($0.offset) == $0.element }
    }
}
