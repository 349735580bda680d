import Foundation

/// The public names of the chapter modules, read from their symbol graphs, and the DocC link of
/// each name a chapter may write in code voice: `URLSessionManager`, `Tracer.printing(_:)`,
/// `invalidateSession(cancelingTasks:resetSession:)`, or a module's name.
///
/// A name is linked only when it means exactly one symbol: an overloaded method, or a name two
/// modules share, stays plain code, because a link that might point at the wrong one is worse
/// than none.
struct SymbolIndex: Sendable {
    struct Symbol: Sendable, Equatable {
        var module: String
        var path: [String]
        var kind: String
        var preciseIdentifier: String
        /// For a member the module adds to another module's type (`URLRequest.writingBodyStream(to:)`),
        /// that module (`Foundation`): DocC files the member under it.
        var extendedModule: String? = nil
    }

    /// Code text → DocC link destination (`doc:SessionManager/URLSessionManager`).
    private(set) var links: [String: String] = [:]

    init(modules: [String], symbols: [Symbol]) {
        var candidates: [String: Set<String>] = [:]
        var symbolsAtPath: [String: Set<String>] = [:]
        for symbol in symbols where symbol.kind != "swift.extension" && !symbol.path.isEmpty {
            let docPath = ([symbol.module] + (symbol.extendedModule.map { [$0] } ?? []) + symbol.path).joined(
                separator: "/")
            symbolsAtPath[docPath, default: []].insert(symbol.preciseIdentifier)
            candidates[symbol.path.joined(separator: "."), default: []].insert(docPath)
            if symbol.path.count > 1, let last = symbol.path.last, last.contains("(") {
                candidates[last, default: []].insert(docPath)
            }
        }
        for (text, paths) in candidates where paths.count == 1 {
            let path = paths.first!
            if symbolsAtPath[path]?.count == 1 { links[text] = "doc:" + path }
        }
        // A module's name links to the module, unless a type of the same name claims it.
        for module in modules where candidates[module] == nil {
            links[module] = "doc:" + module
        }
    }

    /// The link for a code span's text, or nil when it names no one symbol.
    func link(for code: String) -> String? {
        links[code.trimmingCharacters(in: .whitespaces)]
    }

    /// Reads the symbols of a symbol graph file: a module's own (`Name.symbols.json`) or its
    /// extensions of another module's types (`Name@Other.symbols.json`, with `extending: "Other"`).
    static func symbols(inGraph data: Data, extending: String? = nil) throws -> [Symbol] {
        let graph = try JSONDecoder().decode(GraphFile.self, from: data)
        return graph.symbols.map {
            Symbol(
                module: graph.module.name, path: $0.pathComponents, kind: $0.kind.identifier,
                preciseIdentifier: $0.identifier.precise, extendedModule: extending)
        }
    }

    /// The part of the symbol graph format this index reads.
    private struct GraphFile: Decodable {
        struct Module: Decodable { var name: String }
        struct Symbol: Decodable {
            struct Kind: Decodable { var identifier: String }
            struct Identifier: Decodable { var precise: String }
            var kind: Kind
            var identifier: Identifier
            var pathComponents: [String]
        }
        var module: Module
        var symbols: [Symbol]
    }
}
