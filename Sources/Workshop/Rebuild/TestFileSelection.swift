import Foundation

/// The part of a chapter's test target that a check of some of its tests needs. Chapter 12's first
/// four stages test the policy alone, and the policy needs swift-certificates; its later stages run
/// TLS handshakes, which need swift-nio and swift-nio-ssl, minutes more of building the first time.
/// A check of the early stages leaves out the test files that would pull those packages in.
///
/// A file is left out only when none of the checked tests is in it, it imports a module whose
/// packages the checked tests' own files do not use, and no file kept uses a name it declares at
/// its top level (a shared harness that starts the test server, say, is kept for the tests that
/// call it, with its import).
package struct TestFileSelection: Sendable, Equatable {
    package var testTarget: String
    /// Paths relative to the test target's folder.
    package var excludedFiles: [String]
    /// The test target's dependencies (targets and products, by name) that the kept files import.
    package var dependencies: [String]

    /// The selection for a check of `keys` (`Suite/function`), or nil when it would leave nothing out.
    package static func make(for keys: Set<String>, chapter: RebuildChapter, manifest: CourseManifest) throws
        -> TestFileSelection?
    {
        guard let target = manifest.target(named: chapter.testTarget) else { return nil }
        let folder = chapter.testsFolder.standardizedFileURL
        let excludedByManifest = target.exclude.map { folder.appendingPathComponent($0).path + "/" }
        let files =
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL]
            ?? [])
            .map(\.standardizedFileURL)
            .filter { file in file.pathExtension == "swift" && !excludedByManifest.contains { file.path.hasPrefix($0) }
            }
        let declared = try TestSourceScanner.tests(inFolder: folder)
        let neededFiles = Set(declared.filter { keys.contains($0.key) }.map(\.file.standardizedFileURL.path))
        let imports = try Dictionary(
            uniqueKeysWithValues: files.map { ($0.path, Self.imports(in: try String(contentsOf: $0, encoding: .utf8))) }
        )
        let dependencies = target.targetDependencies + target.productDependencies
        let packages = Dictionary(
            uniqueKeysWithValues: dependencies.map {
                ($0, Self.packages(of: $0, testTarget: target, manifest: manifest))
            })
        let neededPackages = Set(
            neededFiles.flatMap { imports[$0, default: []] }.flatMap { packages[$0, default: []] })

        var excludedURLs: [URL] = []
        var kept: [String] = []
        for file in files {
            let heavy = imports[file.path, default: []].contains {
                !packages[$0, default: []].isSubset(of: neededPackages)
            }
            if !neededFiles.contains(file.path) && heavy {
                excludedURLs.append(file)
            } else {
                kept.append(file.path)
            }
        }
        try keepWhatIsUsed(kept: &kept, excluded: &excludedURLs)
        let excluded = excludedURLs.map { String($0.path.dropFirst(folder.path.count + 1)) }
        guard !excluded.isEmpty else { return nil }
        let keptImports = Set(kept.flatMap { imports[$0, default: []] })
        return TestFileSelection(
            testTarget: target.name, excludedFiles: excluded.sorted(),
            dependencies: dependencies.filter { keptImports.contains($0) })
    }

    /// The packages (by name) a dependency of the test target brings in: a product's own package, or
    /// every package that a target and the targets it depends on use.
    static func packages(of dependency: String, testTarget: CourseManifest.Target, manifest: CourseManifest)
        -> Set<String>
    {
        if manifest.target(named: dependency) == nil {
            let index = testTarget.productDependencies.firstIndex(of: dependency)
            return index.map { [testTarget.packageDependencies[$0].lowercased()] } ?? []
        }
        return Set(
            manifest.closure(of: [dependency]).compactMap(manifest.target(named:)).flatMap(\.packageDependencies)
                .map { $0.lowercased() })
    }

    /// Moves back to `kept` every excluded file that declares a name a kept file uses, until none does.
    static func keepWhatIsUsed(kept: inout [String], excluded: inout [URL]) throws {
        var used = Set(try kept.flatMap { words(in: try String(contentsOfFile: $0, encoding: .utf8)) })
        while true {
            let pulled = try excluded.filter {
                !topLevelNames(in: try String(contentsOf: $0, encoding: .utf8)).isDisjoint(with: used)
            }
            guard !pulled.isEmpty else { return }
            excluded.removeAll { pulled.contains($0) }
            kept += pulled.map(\.path)
            for file in pulled { used.formUnion(words(in: try String(contentsOf: file, encoding: .utf8))) }
        }
    }

    /// The names a Swift file declares at its top level: types, functions, constants and variables
    /// on lines that start at the first column (a test file's helpers).
    static func topLevelNames(in source: String) -> Set<String> {
        let kinds: Set<Substring> = [
            "struct", "class", "enum", "actor", "protocol", "func", "var", "let", "typealias",
        ]
        var names: Set<String> = []
        for line in source.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            guard let index = words.firstIndex(where: kinds.contains), index + 1 < words.endIndex else { continue }
            names.insert(String(words[index + 1]))
        }
        return names
    }

    /// Every token of a Swift file's code (`CodeTokens`, the copy check's lexer): comments are
    /// left out and a string literal is one token, quotes included, so a word of prose ("send",
    /// "server") is no use of a name.
    static func words(in source: String) -> Set<String> {
        Set(CodeTokens.lines(source).joined())
    }

    /// The modules a Swift file imports: `import X`, `@testable import X`, `import struct X.Y`.
    static func imports(in source: String) -> Set<String> {
        var modules: Set<String> = []
        for line in source.split(separator: "\n") {
            var words = line.split(whereSeparator: \.isWhitespace)[...]
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let path =
                kinds.contains(words[words.startIndex + 1]) && words.count >= 3
                ? words[words.startIndex + 2] : words[words.startIndex + 1]
            if let module = path.split(separator: ".").first { modules.insert(String(module)) }
        }
        return modules
    }
}
