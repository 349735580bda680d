import Foundation

/// Writes the starter from the parsed interface: every body traps, derived members are left for
/// the compiler to derive again, and names read as a learner would write them.
struct StarterWriter {
    let names: QualifierStripper
    private(set) var output = ""

    init(names: QualifierStripper) { self.names = names }

    /// Imports of the implementation's own toolchain modules, which every Swift file has anyway.
    static let implicitImports: Set<String> = ["Swift", "_Concurrency", "_StringProcessing", "_SwiftConcurrencyShims"]
    /// Foundation's parts that exist on Linux only.
    static let linuxOnlyImports: Set<String> = ["FoundationNetworking", "FoundationXML"]
    /// Conformances the compiler derives, which an interface spells out in an empty extension.
    static let derivedConformances: Set<String> = [
        "Equatable", "Hashable", "RawRepresentable", "CaseIterable", "Sendable", "BitwiseCopyable", "Copyable",
        "Escapable",
    ]

    mutating func write(_ nodes: [InterfaceNode], in parent: InterfaceNode?, depth: Int) {
        var previous: (isImport: Bool, spansLines: Bool)?
        for node in nodes where !isDerived(node, in: parent) && node.keyword != "deinit" {
            // A blank line around anything that spans lines, and between top-level declarations.
            let spansLines = spansLines(node, in: parent)
            if let previous, !(previous.isImport && node.kind == .import),
                depth == 0 || spansLines || previous.spansLines
            {
                output += "\n"
            }
            write(node, in: parent, depth: depth)
            previous = (node.kind == .import, spansLines)
        }
    }

    private func spansLines(_ node: InterfaceNode, in parent: InterfaceNode?) -> Bool {
        switch node.kind {
        case .type: !node.members.isEmpty
        case .function, .property: parent?.keyword != "protocol" && (node.kind == .function || !node.accessors.isEmpty)
        default: false
        }
    }

    private mutating func write(_ node: InterfaceNode, in parent: InterfaceNode?, depth: Int) {
        let pad = String(repeating: "    ", count: depth)
        let inProtocol = parent?.keyword == "protocol"
        if node.kind == .import {
            let module = node.declaration.split(separator: " ").last.map(String.init) ?? ""
            if Self.implicitImports.contains(module) { return }
            if Self.linuxOnlyImports.contains(module) {
                line("#if canImport(\(module))\n\(node.declaration)\n#endif", pad: "")
            } else {
                line(node.declaration, pad: "")
            }
            return
        }
        // `@_hasMissingDesignatedInitializers` and friends describe the compiled module, not code.
        for attribute in node.attributes where Self.isWritten(attribute) {
            line(attribute, pad: pad)
        }
        let declaration = names.strip(Self.withoutInterfaceAttributes(node.declaration))
        switch node.kind {
        case .type:
            if node.members.isEmpty {
                line(declaration + " {}", pad: pad)
            } else {
                line(declaration + " {", pad: pad)
                write(node.members, in: node, depth: depth + 1)
                line("}", pad: pad)
            }
        case .function where node.keyword == "subscript" && !node.accessors.isEmpty,
            .property where !node.accessors.isEmpty:
            if inProtocol {
                line(declaration + " { \(node.accessors.joined(separator: " ")) }", pad: pad)
            } else {
                writeAccessors(declaration, node.accessors, pad: pad)
            }
        case .property:
            let isStatic = declaration.contains("static ") || declaration.contains("class ")
            // A constant outside an instance needs a value; this one traps when first read.
            line(
                declaration + (!inProtocol && (depth == 0 || isStatic) ? " = { \(StarterSource.unwritten) }()" : ""),
                pad: pad)
        case .function where !inProtocol:
            line(declaration + " {", pad: pad)
            line(StarterSource.unwritten, pad: pad + "    ")
            line("}", pad: pad)
        default:
            line(declaration, pad: pad)
        }
    }

    /// Whether an attribute belongs in source: `@_hasMissingDesignatedInitializers` and the other
    /// underscored ones describe the compiled module, except `@_spi` and `@_exported`.
    static func isWritten(_ attribute: some StringProtocol) -> Bool {
        !attribute.hasPrefix("@_") || attribute.hasPrefix("@_spi") || attribute.hasPrefix("@_exported")
    }

    /// `declaration` without the interface-only attributes in front of it.
    static func withoutInterfaceAttributes(_ declaration: String) -> String {
        var rest = Substring(declaration)
        while rest.hasPrefix("@_"), !isWritten(rest) {
            let name = rest.prefix { $0 != " " && $0 != "(" }
            var end = rest.index(rest.startIndex, offsetBy: name.count)
            if end < rest.endIndex, rest[end] == "(", let close = rest[end...].firstIndex(of: ")") {
                end = rest.index(after: close)
            }
            rest = rest[end...].drop { $0 == " " }
        }
        return String(rest)
    }

    private mutating func writeAccessors(_ declaration: String, _ accessors: [String], pad: String) {
        line(declaration + " {", pad: pad)
        if accessors.count == 1, accessors[0] == "get" {
            line(StarterSource.unwritten, pad: pad + "    ")
        } else {
            for accessor in accessors {
                line("\(accessor) { \(StarterSource.unwritten) }", pad: pad + "    ")
            }
        }
        line("}", pad: pad)
    }

    private mutating func line(_ text: String, pad: String) {
        output += pad + text + "\n"
    }

    /// Members the compiler derived for a conformance, which the interface prints as if written:
    /// left out, the starter gets them derived again, so that `==` on a payload-free enum works
    /// from the first stage instead of trapping.
    func isDerived(_ node: InterfaceNode, in parent: InterfaceNode?) -> Bool {
        let declaration = node.declaration
        if declaration.contains("static func == (a: ")
            || declaration.contains("func hash(into hasher: inout Swift.Hasher)")
            || declaration.contains("var hashValue: Swift.Int")
            || declaration.contains("init(from decoder: any Swift.Decoder)")
            || declaration.contains("func encode(to encoder: any Swift.Encoder)")
        {
            return true
        }
        if let parent, parent.keyword == "enum" {
            let header = parent.declaration
            if !header.contains("RawRepresentable"),
                declaration.contains("init?(rawValue: ") || declaration.contains("typealias RawValue = ")
                    || declaration.contains("var rawValue: ")
            {
                return true
            }
            let payloadFree = !parent.members.contains { $0.kind == .enumCase && $0.declaration.contains("(") }
            if payloadFree,
                declaration.contains("typealias AllCases = ") || declaration.contains("static var allCases: ")
            {
                return true
            }
        }
        // `extension QueryStrings.Kind : Swift.Hashable {}`, printed after everything else.
        if parent == nil, node.keyword == "extension", node.members.isEmpty,
            declaration.hasPrefix("extension \(names.module).")
        {
            let conformances = declaration.split(separator: ":").dropFirst().joined().split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "Swift.", with: "") }
            return !conformances.isEmpty && conformances.allSatisfy(Self.derivedConformances.contains)
        }
        return false
    }
}

/// Module names an interface qualifies types with, removed where the bare name means the same:
/// `Swift.String` is `String`, `QueryStrings.QueryStringPair` is `QueryStringPair`. A module's own
/// name is removed only before one of its top-level types, because inside a module that has a type
/// of the same name (`HTTPSessionManager`), `HTTPSessionManager.X` means the type's member.
struct QualifierStripper {
    let module: String
    let topLevelNames: Set<String>
    static let systemModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
        "_Concurrency",
    ]

    func strip(_ text: String) -> String {
        var result = ""
        var characters = Substring(text)
        var inString = false
        var previous: Character = " "
        while let character = characters.first {
            if character == "\"" && previous != "\\" { inString.toggle() }
            let startsIdentifier =
                !inString && (character.isLetter || character == "_")
                && !(previous.isLetter || previous.isNumber || previous == "_" || previous == ".")
            guard startsIdentifier else {
                result.append(character)
                previous = character
                characters = characters.dropFirst()
                continue
            }
            let identifier = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let rest = characters.dropFirst(identifier.count)
            if rest.first == ".",
                removable(
                    String(identifier), before: rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            {
                characters = rest.dropFirst()
                continue
            }
            result += identifier
            previous = identifier.last ?? previous
            characters = rest
        }
        return result
    }

    private func removable(_ qualifier: String, before name: Substring) -> Bool {
        guard !name.isEmpty else { return false }
        if qualifier == module { return topLevelNames.contains(String(name)) }
        return Self.systemModules.contains(qualifier) && !topLevelNames.contains(String(name))
    }
}
