import Foundation
import Testing

/// What an app sees after `import AFN` is the library, not its plumbing: whatever only a later
/// chapter, a test or the workshop calls is `package`. `public-api.txt` lists every public and open
/// declaration of `Sources/`, so that one more is a decision someone wrote down, not an accident
/// of copying a neighbour's line.
@Suite("The public API")
struct PublicAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "public-api.txt")

    @Test(
        "Every public declaration in Sources is in Tests/WorkshopTests/public-api.txt, and the list holds nothing else")
    func matchesTheList() throws {
        let found = try PublicDeclarations.scan(folder: Self.root.appendingPathComponent("Sources"), root: Self.root)
        let listed = Set(
            try String(contentsOf: Self.list, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        let unlisted = found.subtracting(listed).sorted()
        let gone = listed.subtracting(found).sorted()
        #expect(
            unlisted.isEmpty,
            """
            public but not in Tests/WorkshopTests/public-api.txt: make each `package` if only this package calls it \
            (a later chapter, a test, the workshop), or add its line to the list if an app or the exercises need it:
            \(unlisted.joined(separator: "\n"))
            """)
        #expect(
            gone.isEmpty,
            "in Tests/WorkshopTests/public-api.txt but no longer public: remove the lines\n\(gone.joined(separator: "\n"))"
        )
    }

    @Test("The scan finds public and open declarations, on one line or several, and nothing else")
    func scanner() {
        let source = """
            /// public func inAComment()
            // public func inAComment()
            public struct S: Sendable {
                public private(set) var count = 0
                package func plumbing() {}
                @inlinable public func fast() -> Int { 1 }
                func inside() { open = nil }
                public func spread(
                    a: Int,
                    b: (Int) -> Void = { _ in }
                ) -> Int {
                    a
                }
            }
            public func wrapped(
                a: Int
            ) throws(E)
                -> Int
            {
                a
            }
            public var handler:
                (@Sendable (Int) -> Void)?
            public var types = [
                "a", "b",
            ]
            @_spi(X) public enum E { case a }
            @available(macOS 15, *) public var recent: Int { 1 }
            open class C {}
            nonisolated public func late() {}
            let text = "public func inAString()"
            """
        #expect(
            PublicDeclarations.declarations(in: source) == [
                "public struct S: Sendable",
                "public private(set) var count = 0",
                "@inlinable public func fast() -> Int { 1 }",
                "public func spread(a: Int, b: (Int) -> Void = { _ in }) -> Int",
                "public func wrapped(a: Int) throws(E) -> Int",
                "public var handler: (@Sendable (Int) -> Void)?",
                "public var types = [\"a\", \"b\"]",
                "@_spi(X) public enum E { case a }",
                "@available(macOS 15, *) public var recent: Int { 1 }",
                "open class C {}",
                "nonisolated public func late() {}",
            ])
    }
}

/// Public and open declarations, read from the sources line by line: enough for code the course
/// writes (modifiers first, lines broken as swift-format breaks them), with no parser to build.
enum PublicDeclarations {
    static let keywords: Set<String> = [
        "func", "var", "let", "init", "init?", "init!", "struct", "class", "enum", "protocol", "typealias",
        "subscript", "case", "extension", "actor", "associatedtype", "macro", "operator", "precedencegroup",
    ]
    static let modifiers: Set<String> = [
        "public", "open", "package", "internal", "fileprivate", "private", "final", "static", "class", "override",
        "mutating", "nonmutating", "convenience", "required", "indirect", "lazy", "weak", "unowned", "dynamic",
        "optional", "nonisolated", "distributed", "consuming", "borrowing", "prefix", "postfix", "infix",
        "private(set)", "package(set)", "internal(set)", "fileprivate(set)",
    ]

    /// `path: declaration` for every Swift file under `folder`, paths relative to `root`.
    static func scan(folder: URL, root: URL) throws -> Set<String> {
        var found: Set<String> = []
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        for file in files where file.pathExtension == "swift" {
            let path = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            for declaration in declarations(in: try String(contentsOf: file, encoding: .utf8)) {
                // The same line twice in one file (an `init()` in two types) is one entry.
                found.insert("\(path): \(declaration)")
            }
        }
        return found
    }

    /// Each public or open declaration of `source`: its line, joined with the lines that finish it
    /// (an open parameter list or collection, a `->`, `throws`, `async` or `where` clause, a type
    /// after a `:`), whitespace collapsed, without the `{` that opens its body. So a declaration
    /// reads the same however the formatter breaks it.
    static func declarations(in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let continuations = ["->", "throws", "rethrows", "async", "where"]
        var result: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard isPublicDeclaration(line) else { continue }
            var text = line
            var depth = bracketBalance(line)
            while index < lines.count {
                let next = lines[index].trimmingCharacters(in: .whitespaces)
                let continues =
                    depth > 0 || text.hasSuffix(":") || text.hasSuffix("=")
                    || continuations.contains { next == $0 || next.hasPrefix($0 + " ") || next.hasPrefix($0 + "(") }
                guard continues else { break }
                text += " " + next
                depth += bracketBalance(next)
                index += 1
            }
            result.append(normalized(text))
        }
        return result
    }

    /// Whitespace collapsed, none inside the brackets' ends, no trailing comma, no opening `{`.
    private static func normalized(_ declaration: String) -> String {
        var text = declaration.split(separator: " ").joined(separator: " ")
        for (from, to) in [("( ", "("), ("[ ", "["), (", )", ")"), (", ]", "]"), (" )", ")"), (" ]", "]")] {
            text = text.replacingOccurrences(of: from, with: to)
        }
        if text.hasSuffix(" {") { text.removeLast(2) }
        return text
    }

    /// Attributes, then modifiers, then a declaration keyword, with `public` or `open` among the
    /// modifiers.
    static func isPublicDeclaration(_ line: String) -> Bool {
        var rest = Substring(line)
        while rest.hasPrefix("@") {
            // An attribute, with its arguments if it has any: `@available(macOS 15, *)`.
            var depth = 0
            let end =
                rest.firstIndex { character in
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                    return character == " " && depth == 0
                } ?? rest.endIndex
            rest = rest[end...].drop { $0 == " " }
        }
        var words = rest.split(separator: " ").map(String.init)[...]
        var isPublic = false
        while let first = words.first, modifiers.contains(first) {
            if first == "public" || first == "open" { isPublic = true }
            if first == "class", words.count > 1, !keywords.contains(words[words.startIndex + 1]) { break }
            words = words.dropFirst()
        }
        guard isPublic, let keyword = words.first?.prefix(while: { $0 != "(" && $0 != "<" }) else { return false }
        return keywords.contains(String(keyword)) || keyword == "class"
    }

    private static func bracketBalance(_ line: String) -> Int {
        var balance = 0
        var inString = false
        for character in line {
            if character == "\"" { inString.toggle() }
            if inString { continue }
            if character == "(" || character == "[" { balance += 1 }
            if character == ")" || character == "]" { balance -= 1 }
        }
        return balance
    }
}
