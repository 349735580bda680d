import Foundation

/// One mutant: a solution with one small change, as an author reads it.
package struct Mutant: Sendable, Equatable {
    package var exercise: ExerciseID
    /// Its number in its exercise's run, which `WORKSHOP_MUTANT=<exercise>:<id>` selects.
    package var id: Int
    /// The file, relative to the solution's folder.
    package var file: String
    /// The line it changes, from 1 (the first, when it changes several).
    package var line: Int
    package var kind: MutantKind
    /// The line as written and as mutated, each as one line, comments left out.
    package var original: String
    package var mutated: String

    /// `Pairs.swift:12`.
    package var place: String { "\(file):\(line)" }

    /// The mutation as a one-line diff.
    package var diff: String { "- \(original)\n+ \(mutated)" }
}

/// All the mutants of one exercise compiled in at once: a *mutant schema*. Each site's change is
/// written as an operator, a function or a call of the schema's own that does the original unless
/// the process's `WORKSHOP_MUTANT` names one of the site's mutants; so one build of the exercise
/// holds every mutant, and a run of its answer tests picks one.
///
/// Why a schema and not one build per mutant (as `verify` builds its known-bad attempts, a round
/// at a time): measured on the course's 40 exercises on a 2-core machine, a round (one changed
/// file in each exercise, then the test binary linked again) took about a minute, and the
/// exercises' mutants needed more than 100 rounds; the schemata build in one to three builds of a
/// minute or two (a site that does not compile is dropped and the build run again), and a mutant
/// then costs one run of its exercise's tests.
///
/// Why operators: `a < b` becomes `a ⇢… b`, an operator of `<`'s precedence group, so Swift's
/// own parser finds the operands, and a token-level rewrite never needs to know where an
/// expression begins or ends. A condition `c` becomes `c ⇢… 0`, with a precedence just above
/// `? :`'s, below everything a condition is made of.
struct MutantSchema {
    /// A file of the schema: its text, and where each site's change landed in it.
    struct File {
        var path: String
        var text: String
        /// For each site: its line (from 1), the columns (UTF-8, from 1) its change spans, and for a
        /// literal each variant's columns, so that a compiler error can be put on the site or the
        /// variant that caused it.
        var places: [(site: Int, line: Int, columns: Range<Int>, variants: [Range<Int>])]
    }

    let exercise: ExerciseID
    /// The sites of each file, by its path relative to the solution's folder.
    var files: [(path: String, operators: MutationOperators, sites: [MutationSite])]

    /// The name of the support file the schema adds to the exercise's module.
    static let supportFile = "_WorkshopMutants.swift"

    /// The schema's mutants, numbered from 1 in file, site and variant order.
    var mutants: [Mutant] {
        var mutants: [Mutant] = []
        for (path, operators, sites) in files {
            for site in sites {
                for variant in site.variants {
                    let diff = operators.diff(of: variant)
                    mutants.append(
                        Mutant(
                            exercise: exercise, id: mutants.count + 1, file: path, line: diff.line, kind: variant.kind,
                            original: diff.original, mutated: diff.mutated))
                }
            }
        }
        return mutants
    }

    /// Each site's first mutant's number, by file and site.
    private var firstIDs: [[Int]] {
        var next = 1
        return files.map { file in
            file.sites.map { site in
                defer { next += site.variants.count }
                return next
            }
        }
    }

    /// The schema's operator for site `number` of the exercise: `⇢` and the number in base 16,
    /// written with arrows (U+21C0…U+21CF), which Swift accepts in an operator's name.
    static func operatorName(_ number: Int) -> String {
        var name = "⇢"
        for digit in String(number, radix: 16) {
            name.unicodeScalars.append(Unicode.Scalar(0x21C0 + Int(String(digit), radix: 16)!)!)
        }
        return name
    }

    // MARK: Writing

    /// The solution's files as they are: where the schema will be, before it is.
    var unmutated: [File] {
        files.map { File(path: $0.path, text: String(String.UnicodeScalarView($0.operators.source)), places: []) }
    }

    /// The files of the schema: each solution file rewritten, and the support file.
    func write() -> (files: [File], support: String, supportPlaces: [(site: Int, lines: ClosedRange<Int>)]) {
        let firsts = firstIDs
        var written: [File] = []
        var support = Self.supportHeader(exercise: exercise)
        var supportPlaces: [(site: Int, lines: ClosedRange<Int>)] = []
        var siteNumber = 0
        for (fileIndex, file) in files.enumerated() {
            var edits: [(position: Int, order: Int, remove: Int, text: [String], site: Int)] = []
            for (siteIndex, site) in file.sites.enumerated() {
                let number = siteNumber + siteIndex
                let first = firsts[fileIndex][siteIndex]
                let token = file.operators.tokens[site.token]
                var name = Self.operatorName(number)
                if case .minMax = site.shape { name = "__workshopMutantFunction\(number)" }  // a function needs a name
                switch site.shape {
                case .infix, .prefixNot, .minMax:
                    edits.append((token.start, 0, token.end - token.start, [name], number))
                case .value(let original):
                    // The call's text in pieces, so that each variant's columns are known.
                    var pieces = ["__workshopMutantValue(\(first), \(original)"]
                    for variant in site.variants { pieces += [", ", variant.code] }
                    pieces.append(")")
                    edits.append((token.start, 0, token.end - token.start, pieces, number))
                case .condition:
                    edits.append((token.end, 1, 0, [" \(name) 0"], number))
                case .statement(let last):
                    // Before any other change at its first token, after any at its last.
                    edits.append((token.start, -1, 0, ["if __workshopMutant != \(first) { "], number))
                    edits.append((file.operators.tokens[last].end, 2, 0, [" }"], number))
                }
                if let declaration = Self.declaration(of: site, name: name, first: first) {
                    let start = support.split(separator: "\n", omittingEmptySubsequences: false).count
                    support += declaration + "\n"
                    supportPlaces.append((number, start...(start + declaration.filter { $0 == "\n" }.count)))
                }
            }
            siteNumber += file.sites.count
            written.append(Self.apply(edits, to: file.operators.source, path: file.path))
        }
        return (written, support, supportPlaces)
    }

    /// The source with the edits made, and where each landed (line and UTF-8 columns).
    private static func apply(
        _ edits: [(position: Int, order: Int, remove: Int, text: [String], site: Int)], to source: [Unicode.Scalar],
        path: String
    ) -> File {
        var text = ""
        var line = 1
        var column = 1
        func append<S: Sequence>(_ scalars: S) where S.Element == Unicode.Scalar {
            for scalar in scalars {
                text.unicodeScalars.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += String(scalar).utf8.count
                }
            }
        }
        var places: [(site: Int, line: Int, columns: Range<Int>, variants: [Range<Int>])] = []
        var position = 0
        for edit in edits.sorted(by: { ($0.position, $0.order) < ($1.position, $1.order) }) {
            append(source[position..<edit.position])
            let (startLine, startColumn) = (line, column)
            var variants: [Range<Int>] = []
            for (index, piece) in edit.text.enumerated() {
                let before = column
                append(piece.unicodeScalars)
                // A literal's pieces: the call's head, then ", " and a variant, in turn.
                if edit.text.count > 1 && index > 0 && index % 2 == 0 { variants.append(before..<column) }
            }
            places.append((edit.site, startLine, startColumn..<max(column, startColumn + 1), variants))
            position = edit.position + edit.remove
        }
        append(source[position...])
        return File(path: path, text: text, places: places)
    }

    /// The support file's beginning: which mutant this process runs, and what every site shares.
    static func supportHeader(exercise: ExerciseID) -> String {
        """
        // Written by `workshop verify --mutants` for exercise \(exercise): every mutant of its solution, one of
        // them chosen when the tests start, by WORKSHOP_MUTANT=\(exercise):<number>. Never edited by hand.
        #if canImport(Glibc)
        import Glibc
        #elseif canImport(Musl)
        import Musl
        #elseif canImport(Darwin)
        import Darwin
        #endif

        let __workshopMutant: Int = {
            guard let value = getenv("WORKSHOP_MUTANT") else { return 0 }
            let text = String(cString: value)
            guard text.hasPrefix("\(exercise):") else { return 0 }
            return Int(text.dropFirst("\(exercise):".count)) ?? 0
        }()

        precedencegroup WorkshopMutantConditionPrecedence {
            higherThan: TernaryPrecedence
            lowerThan: LogicalDisjunctionPrecedence
        }

        func __workshopMutantValue<T>(_ first: Int, _ original: T, _ variants: T...) -> T {
            let index = __workshopMutant - first
            return variants.indices.contains(index) ? variants[index] : original
        }

        """
    }

    /// The operator or function a site's change calls, declared in the support file; nil for a
    /// literal, which calls the shared `__workshopMutantValue`.
    static func declaration(of site: MutationSite, name: String, first: Int) -> String? {
        let chosen = "__workshopMutant == \(first)"
        switch site.shape {
        case .value, .statement:
            return nil
        case .prefixNot:
            return """
                prefix operator \(name)
                prefix func \(name)(_ x: Bool) -> Bool { \(chosen) ? x : !x }
                """
        case .minMax(let original):
            let other = site.variants[0].code
            return """
                func \(name)<T: Comparable>(_ x: T, _ y: T, _ rest: T...) -> T {
                    \(chosen) ? rest.reduce(Swift.\(other)(x, y)) { Swift.\(other)($0, $1) } : rest.reduce(Swift.\(original)(x, y)) { Swift.\(original)($0, $1) }
                }
                """
        case .condition:
            let cases = site.variants.enumerated().map { "case \(first + $0.offset): \($0.element.code)" }
            return """
                infix operator \(name): WorkshopMutantConditionPrecedence
                func \(name)(lhs: Bool, rhs: Int) -> Bool {
                    switch __workshopMutant { \(cases.joined(separator: "; ")); default: lhs }
                }
                """
        case .infix(let original):
            let variant = site.variants[0].code
            let group = precedenceGroup[original] ?? "ComparisonPrecedence"
            let head = "infix operator \(name): \(group)\n"
            func binary(_ signature: String, _ result: String) -> String {
                "func \(name)\(signature) -> \(result) { \(chosen) ? lhs \(variant) rhs : lhs \(original) rhs }"
            }
            switch original {
            case "<", "<=", ">", ">=":
                return head + binary("<T: Comparable>(lhs: T, rhs: T)", "Bool")
            case "==", "!=":
                return head + binary("<T: Equatable>(lhs: T, rhs: T)", "Bool") + "\n"
                    + binary("<T>(lhs: T?, rhs: _OptionalNilComparisonType)", "Bool") + "\n"
                    + binary("<T>(lhs: _OptionalNilComparisonType, rhs: T?)", "Bool")
            case "&&", "||":
                return head + """
                    func \(name)(lhs: Bool, rhs: @autoclosure () throws -> Bool) rethrows -> Bool {
                        \(chosen) ? (try lhs \(variant) rhs()) : (try lhs \(original) rhs())
                    }
                    """
            case "+", "-":
                return head + binary("<T: AdditiveArithmetic>(lhs: T, rhs: T)", "T")
            case "*", "/":
                return head + binary("<T: BinaryInteger>(lhs: T, rhs: T)", "T") + "\n"
                    + binary("<T: FloatingPoint>(lhs: T, rhs: T)", "T")
            case "&", "|":
                return head + binary("<T: BinaryInteger>(lhs: T, rhs: T)", "T")
            case "<<", ">>":
                return head + binary("<T: BinaryInteger, U: BinaryInteger>(lhs: T, rhs: U)", "T")
            case "+=", "-=":
                return head + """
                    func \(name)<T: AdditiveArithmetic>(lhs: inout T, rhs: T) {
                        if \(chosen) { lhs \(variant) rhs } else { lhs \(original) rhs }
                    }
                    """
            default:
                return nil
            }
        }
    }

    /// The standard library's precedence group of each operator mutated.
    static let precedenceGroup: [String: String] = [
        "<": "ComparisonPrecedence", "<=": "ComparisonPrecedence", ">": "ComparisonPrecedence",
        ">=": "ComparisonPrecedence", "==": "ComparisonPrecedence", "!=": "ComparisonPrecedence",
        "&&": "LogicalConjunctionPrecedence", "||": "LogicalDisjunctionPrecedence",
        "+": "AdditionPrecedence", "-": "AdditionPrecedence", "|": "AdditionPrecedence",
        "*": "MultiplicationPrecedence", "/": "MultiplicationPrecedence", "&": "MultiplicationPrecedence",
        "<<": "BitwiseShiftPrecedence", ">>": "BitwiseShiftPrecedence",
        "+=": "AssignmentPrecedence", "-=": "AssignmentPrecedence",
    ]

    // MARK: Dropping what does not compile

    /// A compiler error, as `path:line:column: error: message`.
    struct CompilerError: Equatable {
        var path: String
        var line: Int
        var column: Int
        var message: String

        /// Every error in a build's output, once each.
        static func all(in output: String) -> [CompilerError] {
            var seen = Set<String>()
            return output.split(separator: "\n").compactMap { line -> CompilerError? in
                guard let marker = line.range(of: ": error: ") else { return nil }
                let place = line[..<marker.lowerBound].split(separator: ":")
                guard place.count >= 3, let number = Int(place[place.count - 2]), let column = Int(place.last!),
                    seen.insert(String(line)).inserted
                else { return nil }
                return CompilerError(
                    path: place.dropLast(2).joined(separator: ":"), line: number, column: column,
                    message: String(line[marker.upperBound...]))
            }
        }
    }

    /// What to drop for `error` in schema file `file`: a literal's variant whose columns hold the
    /// error, or else the site whose change holds it, or else every site on its line. Empty when no
    /// site is on the line.
    static func culprits(of error: CompilerError, in file: File) -> [(site: Int, variant: Int?)] {
        let onLine = file.places.filter { $0.line == error.line }
        if let place = onLine.first(where: { $0.columns.contains(error.column) }) {
            if let variant = place.variants.firstIndex(where: { $0.contains(error.column) }) {
                return [(place.site, variant)]
            }
            return [(place.site, nil)]
        }
        return onLine.map { ($0.site, nil) }
    }

    /// For an error that a statement left out causes where the value it gave is missing (`used
    /// before being initialized`, `missing return`): the statement sites of `path` from the
    /// function that holds the error's line down to that line. Nil for any other error.
    func statementCulprits(of error: CompilerError, path: String) -> [(site: Int, variant: Int?)]? {
        let messages = ["before being initialized", "missing return", "not initialized"]
        guard messages.contains(where: error.message.contains) else { return nil }
        var offset = 0
        for file in files {
            defer { offset += file.sites.count }
            guard file.path == path else { continue }
            let tokens = file.operators.tokens
            let line = error.line - 1
            let start =
                tokens.last { $0.line <= line && ["func", "init", "deinit", "subscript"].contains($0.text) }?.line ?? 0
            return file.sites.indices.compactMap { index in
                guard case .statement = file.sites[index].shape,
                    (start...line).contains(tokens[file.sites[index].token].line)
                else { return nil }
                return (offset + index, nil)
            }
        }
        return []
    }

    /// The sites nearest to an error on a line that holds none (a `switch`'s subject for a case's
    /// literal that overflows, a function's closing brace for a statement it can no longer do
    /// without): those on the nearest line within three, before or after. Empty when there are
    /// some on its own line, or none near.
    static func nearestCulprits(of error: CompilerError, in file: File) -> [(site: Int, variant: Int?)] {
        guard !file.places.contains(where: { $0.line == error.line }) else { return [] }
        let near = file.places.filter { abs($0.line - error.line) <= 3 }
        guard let nearest = near.map({ abs($0.line - error.line) }).min() else { return [] }
        return near.filter { abs($0.line - error.line) == nearest }.map { ($0.site, nil) }
    }
}
