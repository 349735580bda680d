/// What a mutant changes: the classic mutation operators, each a small, plausible slip.
package enum MutantKind: String, Sendable, CaseIterable {
    /// `<` ↔ `<=`, `>` ↔ `>=`: a comparison's boundary moved.
    case boundary
    /// `==` ↔ `!=`.
    case negatedComparison = "negated comparison"
    /// `&&` ↔ `||`.
    case andOr = "and/or swapped"
    /// `!x` → `x`.
    case notRemoved = "not removed"
    /// `+` ↔ `-`, `*` ↔ `/`, `+=` ↔ `-=`.
    case arithmetic = "arithmetic swapped"
    /// `&` ↔ `|`, `<<` ↔ `>>`.
    case bitwise = "bitwise swapped"
    /// An integer literal one more or one less.
    case offByOne = "off by one"
    /// `true` ↔ `false`.
    case booleanFlipped = "boolean flipped"
    /// `min(…)` ↔ `max(…)`.
    case minMax = "min/max swapped"
    /// A `guard`'s condition (one clause of it) always holds: the guard is gone.
    case guardRemoved = "guard removed"
    /// An `if` whose body leaves (`return`, `throw`, `break`, `continue`) is never taken.
    case earlyExitRemoved = "early exit removed"
    /// Any other `if` is never taken.
    case branchNeverTaken = "branch never taken"
    /// An `if … else`'s or a `? :`'s condition is negated: each branch gives the other's result.
    case branchesSwapped = "branches swapped"
    /// A statement of one line (a call, an assignment) left out.
    case statementRemoved = "statement removed"
}

/// One place in a solution file where mutants are made, all of them compiled into the file at once
/// (a mutant *schema*, see `MutantSchema`): a token rewritten, or an operator put after a condition.
struct MutationSite: Equatable {
    enum Shape: Equatable {
        /// A binary operator (`<`, `&&`, `+=`, …) replaced by an operator of the schema's own, of the
        /// same precedence, that does the original or the variant.
        case infix(String)
        /// A prefix `!` replaced likewise.
        case prefixNot
        /// A literal (`50`, `true`) replaced by a call that returns it or a variant.
        case value(String)
        /// `min` or `max` replaced by a function of the schema's own.
        case minMax(String)
        /// A boolean condition (an `if` or `guard` clause, a `? :`'s condition) followed by an
        /// operator of the schema's own, of a precedence just above `? :`'s, that passes it through or
        /// replaces it.
        case condition
        /// A statement from token `token` to token `last`, put inside an `if` that runs it unless
        /// its mutant is chosen.
        case statement(last: Int)
    }

    /// How one mutant of the site reads, and what the schema does for it.
    struct Variant: Equatable {
        var kind: MutantKind
        /// The tokens whose text the mutant changes, as shown to an author: for a condition, the
        /// whole clause.
        var span: ClosedRange<Int>
        /// What replaces them in the one-line diff.
        var replacement: String
        /// What the schema computes instead of the original: an operator (`<=`), a literal (`51`),
        /// a function (`max`), or for a condition `true`, `false` or `!lhs`.
        var code: String
    }

    var shape: Shape
    /// The token replaced, or, for a condition, its last token (the operator goes after it).
    var token: Int
    var variants: [Variant]
}

/// Finds the mutation sites of a Swift file: only in code (never in a comment or a literal string,
/// which are single tokens to `CodeTokens`), only on the lines given (the lines a solution adds to
/// its stub), and never inside `#if` (its inactive branch is never compiled, so a mutant there could
/// never be killed) or an attribute's arguments.
struct MutationOperators {
    let source: [Unicode.Scalar]
    let tokens: [CodeTokens.Token]

    init(_ source: String) {
        self.source = Array(source.unicodeScalars)
        self.tokens = CodeTokens.tokens(source)
    }

    /// The binary operators mutated, with their variant, kind and precedence group.
    static let infixOperators: [String: (variant: String, kind: MutantKind)] = [
        "<": ("<=", .boundary), "<=": ("<", .boundary), ">": (">=", .boundary), ">=": (">", .boundary),
        "==": ("!=", .negatedComparison), "!=": ("==", .negatedComparison),
        "&&": ("||", .andOr), "||": ("&&", .andOr),
        "+": ("-", .arithmetic), "-": ("+", .arithmetic), "*": ("/", .arithmetic), "/": ("*", .arithmetic),
        "+=": ("-=", .arithmetic), "-=": ("+=", .arithmetic),
        "&": ("|", .bitwise), "|": ("&", .bitwise), "<<": (">>", .bitwise), ">>": ("<<", .bitwise),
    ]

    /// Every site on `lines` (numbered from 0), in the order of the file; every line when nil.
    func sites(onLines lines: Set<Int>? = nil) -> [MutationSite] {
        let excluded = excludedTokens()
        func mutable(_ index: Int) -> Bool {
            !excluded.contains(index) && (lines?.contains(tokens[index].line) ?? true)
        }
        var sites: [MutationSite] = []
        let blocks = innermostBrackets()
        let deferred = deferredConstants()
        for index in tokens.indices where mutable(index) {
            let text = tokens[index].text
            if blocks[index] == "{", let last = statementEnd(from: index),
                !(index...last).contains(where: excluded.contains),
                !(deferred.contains(text) && index + 1 < tokens.count && tokens[index + 1].text == "=")
            {
                sites.append(
                    MutationSite(
                        shape: .statement(last: last), token: index,
                        variants: [.init(kind: .statementRemoved, span: index...last, replacement: "", code: "")]))
            }
            if let (variant, kind) = Self.infixOperators[text], isBinary(index), !isTypeComposition(index),
                !isStringConcatenation(index)
            {
                sites.append(
                    MutationSite(
                        shape: .infix(text), token: index,
                        variants: [.init(kind: kind, span: index...index, replacement: variant, code: variant)]))
            } else if text == "!", isPrefix(index) {
                sites.append(
                    MutationSite(
                        shape: .prefixNot, token: index,
                        variants: [.init(kind: .notRemoved, span: index...index, replacement: "", code: "")]))
            } else if let variants = Self.offByOne(text), isValuePosition(index) {
                sites.append(
                    MutationSite(
                        shape: .value(text), token: index,
                        variants: variants.map {
                            .init(kind: .offByOne, span: index...index, replacement: $0, code: $0)
                        }))
            } else if text == "true" || text == "false", isValuePosition(index),
                index == 0 || tokens[index - 1].text != "while"
            {
                // (`while true` is a loop only a `return` or `break` leaves: the compiler knows it.)
                let flipped = text == "true" ? "false" : "true"
                sites.append(
                    MutationSite(
                        shape: .value(text), token: index,
                        variants: [
                            .init(kind: .booleanFlipped, span: index...index, replacement: flipped, code: flipped)
                        ]))
            } else if text == "min" || text == "max", isFreeCall(index) {
                let other = text == "min" ? "max" : "min"
                sites.append(
                    MutationSite(
                        shape: .minMax(text), token: index,
                        variants: [.init(kind: .minMax, span: index...index, replacement: other, code: other)]))
            } else if text == "if" || text == "guard" {
                sites += conditionSites(of: index, excluded: excluded)
            } else if text == "?", isBinary(index), index > 0, let start = ternaryConditionStart(before: index) {
                let condition = start...(index - 1)
                sites.append(
                    MutationSite(
                        shape: .condition, token: index - 1,
                        variants: [
                            .init(
                                kind: .branchesSwapped, span: condition, replacement: negated(condition), code: "!lhs")
                        ]))
            }
        }
        return sites
    }

    // MARK: Statements

    /// The innermost bracket open at each token (`{`, `(` or `[`), or "" at the top level.
    func innermostBrackets() -> [String] {
        var stack: [String] = []
        return tokens.map { token in
            defer {
                if ["(", "[", "{"].contains(token.text) {
                    stack.append(token.text)
                } else if [")", "]", "}"].contains(token.text), !stack.isEmpty {
                    stack.removeLast()
                }
            }
            return stack.last ?? ""
        }
    }

    /// The last token of a statement that starts at `start` and ends on the same line: a call, an
    /// assignment, `_ = …`, which may be left out; nil for anything else. `start` must open its
    /// line inside a block, and be a name, `self`, `_`, `try` or `await` (never a keyword that
    /// declares or directs: `let`, `return`, `if`, `case`). A line that goes on (its last token is
    /// an operator or a comma, the next line starts with one or with `.`) is not one statement.
    func statementEnd(from start: Int) -> Int? {
        let line = tokens[start].line
        guard start == 0 || tokens[start - 1].line < line else { return nil }
        let first = tokens[start].text
        let startsWord =
            first.unicodeScalars.first.map { $0 == "$" || $0 == "_" || $0.properties.isAlphabetic } ?? false
        guard
            ["self", "super", "_", "try", "await"].contains(first)
                || (startsWord && !CodeTokens.keywords.contains(first))
        else { return nil }
        if start > 0 && (Self.isOperator(tokens[start - 1].text) || tokens[start - 1].text == ",") {
            let previous = tokens[start - 1].text
            // `x!` and `y?` end a line; any other operator carries the expression on.
            guard (previous == "!" || previous == "?") && gap(before: start - 1).isEmpty else { return nil }
        }
        var last = start
        while last + 1 < tokens.count && tokens[last + 1].line == line { last += 1 }
        var depth = 0
        for index in start...last {
            if ["(", "[", "{"].contains(tokens[index].text) { depth += 1 }
            if [")", "]", "}"].contains(tokens[index].text) { depth -= 1 }
            if depth < 0 { return nil }
        }
        guard depth == 0, !Self.isOperator(tokens[last].text) || tokens[last].text == "!",
            tokens[last].text != ","
        else { return nil }
        if last + 1 < tokens.count, Self.isOperator(tokens[last + 1].text) { return nil }
        // The only statement of a block may be its value (a getter's, a function's or a closure's
        // implicit return): left out, nothing would be returned. Only a control statement's block
        // (`if`, `for`, `else` …) is known to return nothing by itself.
        if start > 0, last + 1 < tokens.count, tokens[last + 1].text == "}",
            ["{", "in"].contains(tokens[start - 1].text),
            !isControlBlock(opening: tokens[start - 1].text == "{" ? start - 1 : nil)
        {
            return nil
        }
        return last
    }

    /// Whether the block opened at `open` belongs to a control statement: its line starts with
    /// `if`, `guard`, `for`, `while`, `do`, `defer`, `catch`, `repeat`, `else` or `} else`.
    func isControlBlock(opening open: Int?) -> Bool {
        guard let open else { return false }
        let line = tokens[open].line
        let first = tokens[..<open].lastIndex { $0.line != line }.map { $0 + 1 } ?? 0
        let words = tokens[first].text == "}" && first + 1 < open ? tokens[first + 1].text : tokens[first].text
        return ["if", "guard", "for", "while", "do", "defer", "catch", "repeat", "else"].contains(words)
    }

    /// The names declared `let name: Type` with no value, given one later on every path: leaving
    /// out one of those assignments would not compile (`used before being initialized`).
    func deferredConstants() -> Set<String> {
        Set(
            tokens.indices.compactMap { index -> String? in
                guard tokens[index].text == "let", index + 2 < tokens.count, tokens[index + 2].text == ":" else {
                    return nil
                }
                let line = tokens[index].line
                let rest = tokens[(index + 1)...].prefix { $0.line == line }
                return rest.contains { $0.text == "=" } ? nil : tokens[index + 1].text
            })
    }

    /// `"a" + b`: a `+` with a string literal beside it joins strings, which have no `-`.
    func isStringConcatenation(_ index: Int) -> Bool {
        guard ["+", "+="].contains(tokens[index].text) else { return false }
        return [index - 1, index + 1].contains { tokens[$0].text.hasPrefix("\"") || tokens[$0].text.hasPrefix("#\"") }
    }

    /// A token made of operator characters (`.` included: `.member` on the next line goes on).
    static func isOperator(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { "+-*/%=<>!&|^~?.".unicodeScalars.contains($0) }
    }

    // MARK: Conditions

    /// The sites of an `if` or `guard` at `keyword`: one per boolean clause (a clause that binds,
    /// `let x = …` or `case …`, is left alone). A guard's clause always holds; an `if`'s is never
    /// true, and when the `if` has an `else`, it is negated too.
    func conditionSites(of keyword: Int, excluded: Set<Int>) -> [MutationSite] {
        guard let (clauses, end) = clauses(after: keyword) else { return [] }
        let isGuard = tokens[keyword].text == "guard"
        var variants: (ClosedRange<Int>) -> [MutationSite.Variant]
        if isGuard {
            variants = { [.init(kind: .guardRemoved, span: $0, replacement: "true", code: "true")] }
        } else {
            guard let close = matching(end) else { return [] }
            let hasElse = close + 1 < tokens.count && tokens[close + 1].text == "else"
            let exits = ["return", "throw", "break", "continue"].contains(tokens[min(end + 1, close)].text)
            let never: MutantKind = exits && !hasElse ? .earlyExitRemoved : .branchNeverTaken
            variants = { clause in
                [.init(kind: never, span: clause, replacement: "false", code: "false")]
                    + (hasElse
                        ? [.init(kind: .branchesSwapped, span: clause, replacement: negated(clause), code: "!lhs")]
                        : [])
            }
        }
        return clauses.filter { clause in
            let first = tokens[clause.lowerBound].text
            return !["let", "var", "case", "#available", "#unavailable"].contains(first)
                && !clause.contains { ["let", "var", "=", "case"].contains(tokens[$0].text) }
                && !clause.contains { excluded.contains($0) }
        }
        .map { MutationSite(shape: .condition, token: $0.upperBound, variants: variants($0)) }
    }

    /// The clauses of the condition after an `if` or `guard` keyword (split at top-level commas),
    /// and the token that ends it: an `if`'s `{`, a guard's `else`. Nil when it cannot be read.
    func clauses(after keyword: Int) -> (clauses: [ClosedRange<Int>], end: Int)? {
        let isGuard = tokens[keyword].text == "guard"
        var depth = 0
        var clauses: [ClosedRange<Int>] = []
        var start = keyword + 1
        var index = keyword + 1
        while index < tokens.count {
            let text = tokens[index].text
            if depth == 0 && (text == "," || (isGuard ? text == "else" : text == "{")) {
                guard index > start else { return nil }
                clauses.append(start...(index - 1))
                start = index + 1
                if text != "," { return (clauses, index) }
            } else if ["(", "[", "{"].contains(text) {
                depth += 1
            } else if [")", "]", "}"].contains(text) {
                depth -= 1
                if depth < 0 { return nil }
            }
            index += 1
        }
        return nil
    }

    /// Where a `? :`'s condition starts, read back from its `?` (for the one-line diff only: the
    /// schema's operator needs no start, its precedence finds it). Never across a line.
    func ternaryConditionStart(before question: Int) -> Int? {
        let line = tokens[question].line
        let stops: Set<String> = [
            "(", "[", "{", ",", ":", "=", "return", "in", "throw", "?", "case", "where", "if", "guard", "while",
            "let", "var", "+=", "-=", "*=", "/=",
        ]
        var depth = 0
        var index = question - 1
        while index >= 0 && tokens[index].line == line {
            let text = tokens[index].text
            if [")", "]", "}"].contains(text) {
                depth += 1
            } else if ["(", "[", "{"].contains(text) && depth > 0 {
                depth -= 1
            } else if depth == 0 && stops.contains(text) {
                break
            }
            index -= 1
        }
        return index + 1 < question ? index + 1 : nil
    }

    /// `!(clause)`, or `!clause` when it is one token.
    func negated(_ clause: ClosedRange<Int>) -> String {
        let text = render(clause)
        return clause.count == 1 ? "!" + text : "!(" + text + ")"
    }

    /// The token that closes the bracket at `open`.
    func matching(_ open: Int) -> Int? {
        let pairs = ["(": ")", "[": "]", "{": "}"]
        guard let close = pairs[tokens[open].text] else { return nil }
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].text == tokens[open].text {
                depth += 1
            } else if tokens[index].text == close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    // MARK: Where a token stands

    /// Tokens never mutated: inside `#if … #endif` (directives included), inside an attribute's or a
    /// compile-time condition's parentheses (`@available(…)`, `#available(…)`).
    func excludedTokens() -> Set<Int> {
        var excluded = Set<Int>()
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token.text == "#if" { depth += 1 }
            if depth > 0 { excluded.insert(index) }
            if token.text == "#endif" { depth = max(0, depth - 1) }
            if token.text == "(", index > 0, gap(before: index).isEmpty,
                let first = tokens[index - 1].text.first, first == "@" || first == "#",
                let close = matching(index)
            {
                excluded.formUnion(index...close)
            }
        }
        return excluded
    }

    /// The source between token `index - 1` and token `index`.
    func gap(before index: Int) -> String {
        let start = index > 0 ? tokens[index - 1].end : 0
        return String(String.UnicodeScalarView(source[start..<tokens[index].start]))
    }

    /// A binary operator by Swift's whitespace rule, and unambiguously so: whitespace (or a line's
    /// start or end) on both sides. `a<b` is binary to Swift too, but so is the `<` of `Array<Int>`.
    func isBinary(_ index: Int) -> Bool {
        index > 0 && index + 1 < tokens.count && !gap(before: index).isEmpty && !gap(before: index + 1).isEmpty
    }

    /// A prefix operator: bound to what follows, not to what precedes.
    func isPrefix(_ index: Int) -> Bool {
        guard index + 1 < tokens.count, gap(before: index + 1).isEmpty else { return false }
        return index == 0 || !gap(before: index).isEmpty
            || ["(", "[", "{", ",", ":", ";"].contains(tokens[index - 1].text)
    }

    /// `any A & B`: a protocol composition, not a bitwise and.
    func isTypeComposition(_ index: Int) -> Bool {
        guard tokens[index].text == "&" else { return false }
        let startsUpper = { (text: String) in text.first?.isUppercase == true }
        return startsUpper(tokens[index - 1].text) && startsUpper(tokens[index + 1].text)
    }

    /// A literal that is a value: not a tuple's element number (`pair.0`), not an enum case's raw
    /// value (`case a = 1`, which must be a literal).
    func isValuePosition(_ index: Int) -> Bool {
        if index > 0 && gap(before: index).isEmpty && tokens[index - 1].text.hasSuffix(".") { return false }
        // Back from the literal over `name = value,` groups: an enum case's raw values lead to `case`.
        var back = index - 1
        while back >= 0 {
            let text = tokens[back].text
            if text == "case" { return tokens[index - 1].text != "=" && tokens[index - 1].text != "-" }
            let isName = text.unicodeScalars.first.map { $0 == "_" || $0.properties.isAlphabetic } ?? false
            guard
                ["=", ",", "-"].contains(text) || (isName && !CodeTokens.keywords.contains(text))
                    || Self.offByOne(text) != nil || text.hasPrefix("\"")
            else { return true }
            back -= 1
        }
        return true
    }

    /// `min(` or `max(` called as the free function, not a member (`.min()`) or a declaration.
    func isFreeCall(_ index: Int) -> Bool {
        guard index + 1 < tokens.count, tokens[index + 1].text == "(", gap(before: index + 1).isEmpty else {
            return false
        }
        return index == 0 || !(tokens[index - 1].text.hasSuffix(".") || tokens[index - 1].text == "func")
    }

    /// The one-more and one-less versions of an integer literal, in its own base and width (`0x7F`
    /// → `0x80`, `0x7E`); nil for anything but an integer literal. `0` has no one-less: `-1` would
    /// not compile where an unsigned type is wanted, and would make the whole site fail.
    static func offByOne(_ literal: String) -> [String]? {
        let digits = literal.filter { $0 != "_" }
        var radix = 10
        var body = Substring(digits)
        var prefix = ""
        for (marker, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(marker) {
            radix = base
            body = digits.dropFirst(2)
            prefix = marker
        }
        guard !body.isEmpty, let value = UInt64(body, radix: radix), value < UInt64.max else { return nil }
        let uppercase = !body.contains { $0.isLowercase }
        func spelled(_ number: UInt64) -> String {
            var text = String(number, radix: radix, uppercase: uppercase)
            if radix != 10 && text.count < body.count {
                text = String(repeating: "0", count: body.count - text.count) + text
            }
            return prefix + text
        }
        return value == 0 ? [spelled(1)] : [spelled(value + 1), spelled(value - 1)]
    }

    // MARK: Showing a mutant

    /// Tokens `range` as one line: their own spacing on a line, one space for a line break or a
    /// comment between them.
    func render(_ range: ClosedRange<Int>) -> String {
        var text = ""
        for index in range {
            if index != range.lowerBound {
                let between = gap(before: index)
                text += between.contains("\n") || between.contains("//") || between.contains("/*") ? " " : between
            }
            text += tokens[index].text.replacingOccurrences(of: "\n", with: " ")
        }
        return text
    }

    /// The lines of the statement a variant changes, as one line, before and after it: the lines
    /// its tokens are on, and the lines that continue them (an operator or a `.` begins the next,
    /// an operator or a comma ends the one before, a bracket is still open), at most three more on
    /// each side.
    func diff(of variant: MutationSite.Variant) -> (line: Int, original: String, mutated: String) {
        var firstLine = tokens[variant.span.lowerBound].line
        var lastLine = tokens[variant.span.upperBound].line
        let brackets = innermostBrackets()
        func first(onLine line: Int) -> Int? { tokens.firstIndex { $0.line == line } }
        func last(onLine line: Int) -> Int? { tokens.lastIndex { $0.line == line } }
        func continues(_ line: Int) -> Bool {
            // Whether `line` goes on from the line of code before it.
            guard let start = first(onLine: line), start > 0 else { return false }
            let previous = tokens[start - 1].text
            return Self.isOperator(tokens[start].text) || ["(", "["].contains(brackets[start])
                || (Self.isOperator(previous) && !["!", "?"].contains(previous)) || previous == ","
        }
        for _ in 0..<3 where continues(firstLine) {
            guard let start = first(onLine: firstLine), start > 0 else { break }
            firstLine = tokens[start - 1].line
        }
        for _ in 0..<3 {
            guard let end = last(onLine: lastLine), end + 1 < tokens.count, continues(tokens[end + 1].line) else {
                break
            }
            lastLine = tokens[end + 1].line
        }
        let first = tokens.firstIndex { $0.line >= firstLine }!
        let last = tokens.lastIndex { $0.line <= lastLine }!
        let original = render(first...last)
        var mutated = first < variant.span.lowerBound ? render(first...(variant.span.lowerBound - 1)) : ""
        if first < variant.span.lowerBound {
            let between = gap(before: variant.span.lowerBound)
            mutated += between.contains("\n") || between.contains("/") ? " " : between
        }
        mutated += variant.replacement
        if variant.span.upperBound < last {
            let between = gap(before: variant.span.upperBound + 1)
            // `!x` → `x`: the removed `!` leaves no space behind.
            mutated += between.contains("\n") || between.contains("/") ? " " : between
            mutated += render((variant.span.upperBound + 1)...last)
        }
        return (firstLine + 1, original, mutated.trimmingCharacters(in: .whitespaces))
    }
}
