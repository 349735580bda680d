import Foundation

/// The part of a chapter's test target that a check of some of its tests needs. Chapter 12's first
/// four stages test the policy alone, and the policy needs swift-certificates; its later stages run
/// TLS handshakes, which need swift-nio and swift-nio-ssl, minutes more of building the first time.
/// A check of the early stages leaves out the test files that would pull those packages in.
///
/// A file is left out only when none of the checked tests is in it and it imports a module whose
/// packages the checked tests' own files do not use: so a file the checked tests need could only
/// refer to what it leaves out by importing the same heavy module, and then nothing is left out.
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

        var excluded: [String] = []
        var kept: [String] = []
        for file in files {
            let heavy = imports[file.path, default: []].contains {
                !packages[$0, default: []].isSubset(of: neededPackages)
            }
            if !neededFiles.contains(file.path) && heavy {
                excluded.append(String(file.path.dropFirst(folder.path.count + 1)))
            } else {
                kept.append(file.path)
            }
        }
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
