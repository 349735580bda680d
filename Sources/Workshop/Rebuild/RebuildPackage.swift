import Foundation

/// The package a rebuild is built and tested in, generated in the learner's workspace
/// (`.workshop/package`) and rewritten before every build.
///
/// The chapter's tests `import QueryStrings`, and the course's package already has a target of that
/// name, so a package of the learner's that depended on the course and also defined `QueryStrings`
/// would clash. Instead this package *is* the course's package: its `Package.swift` is the course's
/// own manifest, with a few lines added at the end that keep only the targets the chapter's tests
/// need, and its `Sources/NN-Name` and `Tests/NN-NameTests` folders are links, to the course's
/// folders or, for the module being rebuilt (and any `--own` chapter), to the learner's. Resources,
/// C targets and system libraries all work as in the course, and one `.build` serves every chapter.
package struct RebuildPackage: Sendable {
    package let course: Course
    /// `<workspace>/.workshop/package`.
    package let folder: URL

    package init(course: Course, folder: URL) {
        self.course = course
        self.folder = folder
    }

    /// What one build needs.
    package struct Layout: Sendable, Equatable {
        /// The targets the package keeps (a closure: every dependency of each is in it).
        package var targets: Set<String>
        /// The targets built from a folder other than the course's: target name → folder.
        package var replacements: [String: URL] = [:]
        /// Targets to compile with the options that write their textual interface: name → file.
        package var interfaces: [String: URL] = [:]
        /// A test target cut down to the files and dependencies a check needs (nil: all of it).
        package var testFiles: TestFileSelection?

        package init(
            targets: Set<String>, replacements: [String: URL] = [:], interfaces: [String: URL] = [:],
            testFiles: TestFileSelection? = nil
        ) {
            self.targets = targets
            self.replacements = replacements
            self.interfaces = interfaces
            self.testFiles = testFiles
        }
    }

    /// Writes the manifest and the links for `layout`. Files that would not change are left alone,
    /// so that SwiftPM does not read the manifest again.
    package func prepare(_ layout: Layout, manifest: CourseManifest) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let courseManifest = try String(
            contentsOf: course.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let dependencies = manifest.dependencyIndices(for: layout.targets)
        try writeIfChanged(
            Self.manifest(course: courseManifest, layout: layout, dependencies: dependencies),
            to: folder.appendingPathComponent("Package.swift"))
        // The course's pins, so that the package builds the dependency versions the course does.
        // (Without dependencies SwiftPM deletes the file, so it is only written when there are some.)
        let resolved = course.root.appendingPathComponent("Package.resolved")
        if !dependencies.isEmpty, let pins = try? String(contentsOf: resolved, encoding: .utf8) {
            try writeIfChanged(pins, to: folder.appendingPathComponent("Package.resolved"))
        }
        for target in manifest.targets where layout.targets.contains(target.name) {
            let destination = layout.replacements[target.name] ?? course.root.appendingPathComponent(target.path)
            try link(folder.appendingPathComponent(target.path), to: destination)
        }
    }

    /// The course's manifest with the lines that cut it down to `layout`.
    static func manifest(course: String, layout: Layout, dependencies: [Int]) -> String {
        let names = layout.targets.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        var lines = [
            "",
            "// ---- Added by `swift run workshop rebuild`, which rewrites this file before each build. ----",
            "// The course's own manifest, above, cut down to what one chapter's tests need. The folders",
            "// in Sources/ and Tests/ are links: to the course's folders, or to your own module.",
            "let rebuildTargets: Set<String> = [\(names)]",
            "package.targets.removeAll { !rebuildTargets.contains($0.name) }",
            "package.products.removeAll()",
            "package.dependencies = [\(dependencies.map(String.init).joined(separator: ", "))].map { package.dependencies[$0] }",
        ]
        for (target, file) in layout.interfaces.sorted(by: { $0.key < $1.key }) {
            let flags = interfaceFlags(file).map { "\"\($0)\"" }.joined(separator: ", ")
            lines += [
                "for target in package.targets where target.name == \"\(target)\" {",
                "    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags([\(flags)])]",
                "}",
            ]
        }
        if let selection = layout.testFiles {
            let excluded = selection.excludedFiles.map { "\"\($0)\"" }.joined(separator: ", ")
            let kept = selection.dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
            lines += [
                "// The test files this check's stages do not need, and what only they depend on, left out.",
                "for target in package.targets where target.name == \"\(selection.testTarget)\" {",
                "    target.exclude += [\(excluded)]",
                "    let kept: Set<String> = [\(kept)]",
                "    target.dependencies.removeAll { dependency in",
                "        if case .targetItem(let name, _) = dependency { return !kept.contains(name) }",
                "        if case .byNameItem(let name, _) = dependency { return !kept.contains(name) }",
                "        if case .productItem(let name, _, _, _) = dependency { return !kept.contains(name) }",
                "        return false",
                "    }",
                "}",
            ]
        }
        return course + (course.hasSuffix("\n") ? "" : "\n") + lines.joined(separator: "\n") + "\n"
    }

    /// The compiler options that write a module's public and package interface to `file` (and the
    /// public one next to it), with types as the source wrote them.
    static func interfaceFlags(_ file: URL) -> [String] {
        let publicInterface = file.deletingLastPathComponent().appendingPathComponent(
            "public-" + file.lastPathComponent)
        return [
            "-enable-library-evolution", "-no-verify-emitted-module-interface",
            "-emit-module-interface-path", publicInterface.path,
            "-emit-package-module-interface-path", file.path,
            "-Xfrontend", "-module-interface-preserve-types-as-written",
        ]
    }

    private func link(_ link: URL, to destination: URL) throws {
        let manager = FileManager.default
        if let existing = try? manager.destinationOfSymbolicLink(atPath: link.path), existing == destination.path {
            return
        }
        try manager.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        if (try? manager.attributesOfItem(atPath: link.path)) != nil { try manager.removeItem(at: link) }
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: destination.path)
    }

    private func writeIfChanged(_ text: String, to file: URL) throws {
        if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    // MARK: Building

    /// `swift` with `arguments` in this package, its output fed to `onOutput` as it grows.
    func swift(_ arguments: [String], onOutput: (@Sendable (String) -> Void)? = nil) throws -> (
        status: Int32, output: String
    ) {
        let result = try Shell.run(
            ["swift"] + arguments + ["--package-path", folder.path], in: folder, onOutput: onOutput)
        return (result.status, result.output)
    }

    /// The built test binary (`.build/debug/<Package>PackageTests.xctest`), which `swift test` runs
    /// with `--testing-library swift-testing` on Linux; nil elsewhere, or before the first build.
    var testBinary: URL? {
        #if os(Linux)
        let debug = folder.appendingPathComponent(".build/debug")
        let binaries =
            (try? contents(of: debug))?.filter { $0.lastPathComponent.hasSuffix("PackageTests.xctest") } ?? []
        guard binaries.count == 1, FileManager.default.isExecutableFile(atPath: binaries[0].path) else { return nil }
        return binaries[0]
        #else
        return nil
        #endif
    }

    /// How `swift test` is asked to run just `tests` (by key) of `testTarget`: one `--filter` each.
    static func filters(for tests: [String], in testTarget: String) -> [String] {
        tests.flatMap { key -> [String] in
            let escaped = NSRegularExpression.escapedPattern(for: "\(testTarget).\(key)")
            return ["--filter", escaped + "\\("]
        }
    }
}
