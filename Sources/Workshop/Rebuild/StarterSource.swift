import Foundation

/// The starter of a rebuild: a module's public (and package) surface as declarations whose bodies
/// trap, written from the compiler's own textual interface of the course's module.
///
/// Why the interface: `-emit-package-module-interface-path` prints every public and package
/// declaration exactly as the compiler sees it (conformances, `@unchecked Sendable`, default
/// arguments, typed throws, raw-value enums), in a format the compiler itself reads back, and with
/// no doc comments or bodies. A symbol graph loses some of that (an `@unchecked` conformance, an
/// enum's raw type), and parsing the sources would need swift-syntax, a dependency too heavy for a
/// learner's first build. What the interface adds that a source file must not have is known and
/// small, and is removed here: members the compiler derives (`==`, `hash(into:)`, `rawValue`…),
/// which the starter gets derived again; `deinit`; feature guards; and module-qualified names.
package enum StarterSource {
    /// The body of everything the learner has still to write.
    package static let unwritten = #"fatalError("not written yet")"#

    /// The starter for `module`, from its `.package.swiftinterface`.
    package static func make(interface: String, module: String) -> String {
        var parser = InterfaceParser(lines: InterfaceParser.resolvingFeatureGuards(interface))
        let nodes = parser.parseBlock()
        let topLevel = Set(nodes.compactMap(\.topLevelName))
        let names = QualifierStripper(module: module, topLevelNames: topLevel)
        var writer = StarterWriter(names: names)
        writer.write(nodes, in: nil, depth: 0)
        return writer.output
    }
}

/// One declaration of the interface, with the attribute lines above it.
struct InterfaceNode {
    enum Kind: Equatable {
        case `import`, type, function, property, enumCase, typeAlias, other
    }

    var attributes: [String] = []
    var kind: Kind
    /// The declaration's line, trimmed, without a trailing `{` or `{}`.
    var declaration: String
    /// The introducing keyword: `struct`, `func`, `var`, `case`…
    var keyword: String
    /// For a property or subscript: the accessors the interface lists (`get`, `set`, `get async`).
    var accessors: [String] = []
    /// For a type or an extension: its members.
    var members: [InterfaceNode] = []

    /// The name a top-level type or type alias declares, for `QualifierStripper`.
    var topLevelName: String? {
        guard kind == .type || kind == .typeAlias, keyword != "extension" else { return nil }
        return InterfaceParser.name(after: keyword, in: declaration)
    }
}

/// Reads the interface's lines into declarations. The compiler prints one declaration per line,
/// a type's members between `{` and `}` lines, and a property's accessors one per line.
struct InterfaceParser {
    private let lines: [String]
    private var index = 0

    init(lines: [String]) { self.lines = lines }

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor", "extension"]
    static let keywords: Set<String> = typeKeywords.union([
        "func", "init", "subscript", "var", "let", "case", "typealias", "associatedtype", "deinit", "import",
        "operator", "precedencegroup",
    ])

    /// The interface without its `// swift-…` header and with feature guards resolved: the branch
    /// this compiler took (`#if compiler(>=5.3) && $Feature`) is kept, the fallback dropped.
    static func resolvingFeatureGuards(_ interface: String) -> [String] {
        var kept: [String] = []
        // One entry per open `#if`: whether its current branch is dropped.
        var dropping: [Bool] = []
        for line in interface.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#if") {
                dropping.append(dropping.last ?? false)
            } else if trimmed.hasPrefix("#elseif") || trimmed.hasPrefix("#else") {
                if !dropping.isEmpty { dropping[dropping.count - 1] = true }
            } else if trimmed.hasPrefix("#endif") {
                _ = dropping.popLast()
            } else if dropping.last != true {
                kept.append(trimmed)
            }
        }
        return kept
    }

    /// The declarations up to the `}` that closes the current block (or the end).
    mutating func parseBlock() -> [InterfaceNode] {
        var nodes: [InterfaceNode] = []
        var attributes: [String] = []
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line == "}" { break }
            guard let keyword = Self.keyword(of: line) else {
                if line.hasPrefix("@") {
                    attributes.append(line)
                } else {
                    nodes.append(InterfaceNode(attributes: attributes, kind: .other, declaration: line, keyword: ""))
                    attributes = []
                }
                continue
            }
            var node = InterfaceNode(kind: Self.kind(of: keyword), declaration: line, keyword: keyword)
            node.attributes = attributes
            attributes = []
            if node.kind == .property || keyword == "subscript", line.hasSuffix("}"), let open = line.range(of: " { ") {
                // A protocol's requirement keeps its accessors on its line: `var x: Int { get set }`.
                node.declaration = String(line[..<open.lowerBound])
                node.accessors = Self.accessorGroups(line[open.upperBound...].dropLast())
            } else if line.hasSuffix("{}") {
                node.declaration = String(line.dropLast(2)).trimmingCharacters(in: .whitespaces)
            } else if line.hasSuffix("{") {
                node.declaration = String(line.dropLast()).trimmingCharacters(in: .whitespaces)
                switch node.kind {
                case .type: node.members = parseBlock()
                case .property: node.accessors = readAccessors()
                case .function where keyword == "subscript": node.accessors = readAccessors()
                default: skipBlock()  // an inlinable body: the learner writes their own
                }
            }
            nodes.append(node)
        }
        return nodes
    }

    /// `get async throws` → ["get async throws"]; `get set` → ["get", "set"]; `_modify` and its
    /// kind are left out.
    static func accessorGroups(_ text: Substring) -> [String] {
        var groups: [[Substring]] = []
        for word in text.split(separator: " ") where !word.hasPrefix("@") {
            if word == "get" || word == "set" || word.hasPrefix("_") || groups.isEmpty {
                groups.append([word])
            } else {
                groups[groups.count - 1].append(word)
            }
        }
        return groups.filter { $0.first == "get" || $0.first == "set" }.map { $0.joined(separator: " ") }
    }

    /// The accessor lines of a property, `get` or `set` with their effects; the bodies of
    /// inlinable accessors and the other accessors (`_modify`, `_read`) are left out.
    private mutating func readAccessors() -> [String] {
        var accessors: [String] = []
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line == "}" { break }
            let words = line.split(separator: " ").map(String.init).filter {
                !$0.hasPrefix("@") && $0 != "mutating" && $0 != "nonmutating"
            }
            if line.hasSuffix("{") { skipBlock() }
            if let first = words.first, first == "get" || first == "set" {
                accessors.append(words.filter { $0 != "{" }.joined(separator: " "))
            }
        }
        return accessors
    }

    private mutating func skipBlock() {
        var depth = 1
        while index < lines.count, depth > 0 {
            depth += Self.braceBalance(of: lines[index])
            index += 1
        }
    }

    /// Opening minus closing braces outside string literals.
    static func braceBalance(of line: String) -> Int {
        var balance = 0
        var inString = false
        var previous: Character = " "
        for character in line {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString {
                if character == "{" { balance += 1 }
                if character == "}" { balance -= 1 }
            }
            previous = character
        }
        return balance
    }

    static let modifiers: Set<String> = [
        "public", "open", "package", "internal", "fileprivate", "private", "final", "static", "override", "mutating",
        "nonmutating", "convenience", "required", "indirect", "lazy", "weak", "unowned", "dynamic", "optional",
        "nonisolated",
        "isolated", "distributed", "consuming", "borrowing", "prefix", "postfix", "infix", "__consuming",
    ]

    /// The keyword that introduces the declaration on `line`, after its attributes and modifiers;
    /// nil for a line that declares nothing (an attribute alone).
    static func keyword(of line: String) -> String? {
        let words = head(of: line)
        for (position, word) in words.enumerated() {
            if word == "class", position + 1 < words.count,
                ["func", "var", "let", "subscript"].contains(words[position + 1])
            {
                continue
            }
            if modifiers.contains(word) { continue }
            for keyword in ["init", "subscript", "deinit"] where word.hasPrefix(keyword) { return keyword }
            return keywords.contains(word) ? word : nil
        }
        return nil
    }

    /// The words before the declaration's name: attributes (with their arguments) and the
    /// arguments of modifiers such as `private(set)` removed.
    private static func head(of line: String) -> [String] {
        var text = Substring(line)
        var words: [String] = []
        while let first = text.first {
            if first == " " {
                text = text.dropFirst()
                continue
            }
            let word = text.prefix { $0 != " " && $0 != "(" }
            text = text.dropFirst(word.count)
            if text.first == "(" && (word.hasPrefix("@") || modifiers.contains(String(word))) {
                text = text.dropFirst(balancedParenthesesLength(text))
            }
            if !word.hasPrefix("@") { words.append(String(word)) }
            if words.count == 8 { break }  // far enough past any modifiers
        }
        return words
    }

    /// How many characters the parenthesised group at the start of `text` spans.
    private static func balancedParenthesesLength(_ text: Substring) -> Int {
        var depth = 0
        var inString = false
        for (offset, character) in text.enumerated() {
            if character == "\"" { inString.toggle() }
            if inString { continue }
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 { return offset + 1 }
        }
        return text.count
    }

    static func kind(of keyword: String) -> InterfaceNode.Kind {
        switch keyword {
        case "import": .import
        case _ where typeKeywords.contains(keyword): .type
        case "func", "init", "subscript", "deinit": .function
        case "var", "let": .property
        case "case": .enumCase
        case "typealias", "associatedtype": .typeAlias
        default: .other
        }
    }

    /// The identifier after `keyword` in `declaration`.
    static func name(after keyword: String, in declaration: String) -> String? {
        guard let range = declaration.range(of: keyword + " ") else { return nil }
        let name = declaration[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
        return name.isEmpty ? nil : String(name)
    }
}
