import Foundation
import Testing
@testable import Workshop

/// The package a rebuild is built in, the manifest it is cut from, and how paths and chapters are
/// shown to the learner.
@Suite("The rebuild package")
struct RebuildPackageTests {
    /// `swift package dump-package`'s JSON, trimmed to what is read, with each kind of dependency.
    static let dump = #"""
        {"dependencies": [
          {"sourceControl": [{"identity": "swift-argument-parser", "location": {"remote": [{"urlString": "u"}]}}]},
          {"sourceControl": [{"identity": "swift-nio", "location": {"remote": [{"urlString": "u"}]}}]}],
         "targets": [
          {"name": "Tracing", "path": "Sources/01-Tracing", "type": "regular", "dependencies": []},
          {"name": "QueryStrings", "path": "Sources/02-QueryStrings", "type": "regular", "dependencies": []},
          {"name": "RequestSerialization", "path": "Sources/03-RequestSerialization", "type": "regular",
           "dependencies": [{"byName": ["QueryStrings", null]}]},
          {"name": "RequestSerializationTests", "path": "Tests/03-RequestSerializationTests", "type": "test", "exclude": ["stages.md"],
           "dependencies": [{"byName": ["RequestSerialization", null]}, {"target": ["HTTPBin", {"platformNames": ["linux"]}]}]},
          {"name": "HTTPBin", "type": "regular",
           "dependencies": [{"product": ["NIOCore", "swift-nio", null, null]}, {"byName": ["TestSupport", null]}]},
          {"name": "TestSupport", "path": "Sources/TestSupport", "type": "regular", "dependencies": []}]}
        """#

    static func manifest() throws -> CourseManifest { try CourseManifest.decode(Data(dump.utf8)) }

    @Test("A target's closure holds everything it depends on; packages are kept only for the products used")
    func closure() throws {
        let manifest = try Self.manifest()
        let tests = manifest.closure(of: ["RequestSerializationTests"])
        #expect(
            tests == ["RequestSerializationTests", "RequestSerialization", "QueryStrings", "HTTPBin", "TestSupport"])
        #expect(manifest.dependencyIndices(for: tests) == [1])
        #expect(manifest.dependencyIndices(for: manifest.closure(of: ["QueryStrings"])).isEmpty)
        #expect(manifest.target(named: "HTTPBin")?.path == "Sources/HTTPBin")
        #expect(manifest.target(named: "RequestSerializationTests")?.exclude == ["stages.md"])
    }

    @Test("The package's manifest is the course's, with lines that keep the chapter's targets and print an interface")
    func manifestText() {
        let layout = RebuildPackage.Layout(
            targets: ["QueryStrings", "QueryStringsTests"],
            interfaces: ["QueryStrings": URL(fileURLWithPath: "/w/.interfaces/QueryStrings.package.swiftinterface")])
        let text = RebuildPackage.manifest(
            course: "// swift-tools-version: 6.2\nlet package = Package(name: \"Course\")", layout: layout,
            dependencies: [1])
        #expect(text.hasPrefix("// swift-tools-version: 6.2\nlet package = Package(name: \"Course\")\n"))
        #expect(text.contains(#"let rebuildTargets: Set<String> = ["QueryStrings", "QueryStringsTests"]"#))
        #expect(text.contains("package.targets.removeAll { !rebuildTargets.contains($0.name) }"))
        #expect(text.contains("package.dependencies = [1].map { package.dependencies[$0] }"))
        #expect(text.contains(#"for target in package.targets where target.name == "QueryStrings" {"#))
        #expect(
            text.contains(
                #""-emit-package-module-interface-path", "/w/.interfaces/QueryStrings.package.swiftinterface""#))
    }

    @Test("Tests are chosen by a filter that matches their module, suite and function, and nothing longer")
    func filters() throws {
        let filters = RebuildPackage.filters(for: ["Outer/Inner/deep", "free"], in: "QTests")
        #expect(filters.count == 4 && filters[0] == "--filter" && filters[3] == #"QTests\.free\("#)
        let pattern = try NSRegularExpression(pattern: filters[1])
        let matches = { (id: String) in pattern.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil }
        #expect(matches("QTests.Outer/Inner/deep()/T2.swift:2:40"))
        #expect(!matches("QTests.Outer/Inner/deeper()/T2.swift:3:40"))
    }

    @Test(
        "Preparing links the kept targets' folders to the course, or to the learner's module, and rewrites only what changed"
    )
    func links() throws {
        let temporary = try TemporaryCourse()
        try temporary.write("Package.swift", "// swift-tools-version: 6.2\n")
        try temporary.write("Package.resolved", "{}\n")
        let package = RebuildPackage(
            course: temporary.course, folder: temporary.root.appendingPathComponent("w/.workshop/package"))
        let mine = temporary.root.appendingPathComponent("w/02-QueryStrings")
        let layout = RebuildPackage.Layout(
            targets: ["QueryStrings", "RequestSerializationTests"], replacements: ["QueryStrings": mine])
        try package.prepare(layout, manifest: try Self.manifest())
        let manager = FileManager.default
        #expect(
            try manager.destinationOfSymbolicLink(
                atPath: package.folder.appendingPathComponent("Sources/02-QueryStrings").path) == mine.path)
        #expect(
            try manager.destinationOfSymbolicLink(
                atPath: package.folder.appendingPathComponent("Tests/03-RequestSerializationTests").path)
                == temporary.root.appendingPathComponent("Tests/03-RequestSerializationTests").path)
        #expect(!manager.fileExists(atPath: package.folder.appendingPathComponent("Sources/01-Tracing").path))
        // No package dependency is used, so there are no pins to copy (SwiftPM would delete them).
        #expect(!manager.fileExists(atPath: package.folder.appendingPathComponent("Package.resolved").path))

        let manifestFile = package.folder.appendingPathComponent("Package.swift")
        let written = try manager.attributesOfItem(atPath: manifestFile.path)[.modificationDate] as? Date
        try package.prepare(
            RebuildPackage.Layout(targets: ["QueryStrings", "RequestSerializationTests"]), manifest: try Self.manifest()
        )
        #expect(try manager.attributesOfItem(atPath: manifestFile.path)[.modificationDate] as? Date == written)
        #expect(
            try manager.destinationOfSymbolicLink(
                atPath: package.folder.appendingPathComponent("Sources/02-QueryStrings").path)
                == temporary.root.appendingPathComponent("Sources/02-QueryStrings").path)
    }

    @Test("The learner's files are named by their folder in the workspace, the course's relative to the course")
    func paths() throws {
        let temporary = try TemporaryCourse()
        let workspace = RebuildWorkspace(
            course: temporary.course, folder: temporary.root.appendingPathComponent("rebuild"))
        let chapter = RebuildChapter(
            number: 2, module: "QueryStrings", folderName: "02-QueryStrings",
            sourcesFolder: temporary.root.appendingPathComponent("Sources/02-QueryStrings"),
            testsFolder: temporary.root.appendingPathComponent("Tests/02-QueryStringsTests"))
        let paths = workspace.learnerPaths(for: [chapter], manifest: try Self.manifest())
        let package = workspace.package.folder.path
        #expect(
            paths.learners("\(package)/Sources/02-QueryStrings/QueryStrings.swift:3:13")
                == "02-QueryStrings/QueryStrings.swift:3:13")
        #expect(paths.learners("\(package)/Sources/03-RequestSerialization/X.swift") == nil)
        #expect(paths.shown("\(package)/Tests/02-QueryStringsTests/T.swift") == "Tests/02-QueryStringsTests/T.swift")
        let output = TestProcessOutput(
            """
            \(package)/Sources/02-QueryStrings/QueryStrings.swift:3:5: error: cannot find 'x' in scope
            \(package)/Tests/02-QueryStringsTests/T.swift:9:3: error: missing argument
            """, paths: paths)
        #expect(
            output.compilerErrors.map(\.description) == [
                "02-QueryStrings/QueryStrings.swift:3: cannot find 'x' in scope",
                "Tests/02-QueryStringsTests/T.swift:9: missing argument",
            ])
        let run = TestRun.read(
            stream: "",
            output: """
                \(package)/Sources/02-QueryStrings/QueryStrings.swift:7:9: warning: variable 'n' was never used
                \(package)/Sources/TestSupport/S.swift:1:1: warning: not the learner's
                """, status: 0, paths: paths)
        #expect(run.warnings == ["02-QueryStrings/QueryStrings.swift:7:9: warning: variable 'n' was never used"])
    }

    @Test(
        "A chapter's second module keeps its wrong modules in a subfolder named after it, and a subfolder that names no module is an error"
    )
    func wrongModulesOfASecondModule() throws {
        let temporary = try TemporaryCourse()
        try temporary.write("Sources/12-Policy/Policy.swift", "")
        try temporary.write("Sources/12-Transport/Transport.swift", "")
        try temporary.write("Tests/12-PolicyTests/stages.md", "")
        try temporary.write(
            "Tests/12-PolicyTests/WrongModules/b-rule.patch",
            "The policy's mistake.\n\ndiff --git a/Policy.swift b/Policy.swift\n")
        try temporary.write(
            "Tests/12-PolicyTests/WrongModules/Transport/a-rule.patch",
            "The transport's mistake.\n\ndiff --git a/T.swift b/T.swift\n")
        let chapter = try RebuildChapter.named(12, in: temporary.course)
        #expect(chapter.module == "Policy")
        let modules = try WrongModule.all(of: chapter)
        #expect(modules.map(\.name) == ["chapter 12, b-rule", "chapter 12, Transport/a-rule"])
        #expect(modules.map(\.module) == ["Policy", "Transport"])
        #expect(modules.map(\.sourcesFolder.lastPathComponent) == ["12-Policy", "12-Transport"])
        #expect(modules.map(\.mistake) == ["The policy's mistake.", "The transport's mistake."])
        try temporary.write("Tests/12-PolicyTests/WrongModules/Nowhere/c.patch", "")
        #expect(throws: WorkshopError.self, "a folder of patches that would be silently left unproven") {
            try WrongModule.all(of: chapter)
        }
    }

    @Test("A test's key is its suite path and function, without module, arguments or file")
    func keys() {
        let record = { (id: String) in EventStream.TestRecord(id: id, module: "QTests", displayName: "") }
        #expect(record("QTests.Outer/Inner/deep()/T2.swift:2:40").key == "Outer/Inner/deep")
        #expect(record("QTests.S/batch(length:character:)/F.swift:58:6").key == "S/batch")
        #expect(record("QTests.mainQueueRuns()/F.swift:3:2").key == "mainQueueRuns")
        #expect(record("QTests.S/t()").exercise == nil)
    }

    @Test("A folded chapter keeps its prose and the other listings, and its links still reach the course")
    func foldedChapter() {
        let chapter = """
            See the [glossary](glossary.md#batch), [the exercises](../exercises/02/README.md) and [RFC](https://x.org/a).

            <!-- listing: mine -->
            ```swift
            func mine() {}
            ```

            <!-- listing: theirs -->
            ```swift
            func theirs() {}
            ```
            """
        let folded = FoldedChapter.fold(chapter, folding: ["mine"], chapter: 2, linkPrefix: "../../chapters/")
        #expect(folded.contains("[glossary](../../chapters/glossary.md#batch)"))
        #expect(folded.contains("[the exercises](../../exercises/02/README.md)"))
        #expect(folded.contains("[RFC](https://x.org/a)"))
        #expect(!folded.contains("func mine()"))
        #expect(folded.contains("> *Listing `mine` is folded away"))
        #expect(folded.contains("<!-- listing: theirs -->\n```swift\nfunc theirs() {}\n```"))
        #expect(
            relativePath(from: URL(fileURLWithPath: "/c/rebuild/chapters"), to: URL(fileURLWithPath: "/c/chapters"))
                == "../../chapters/")
    }

    #if os(Linux)
    @Test("A wrong module's direct relink asks for lld when the compiler's folder has it, and keeps gold otherwise")
    func fasterLinker() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiler = folder.appendingPathComponent("swiftc").path
        let link = [compiler, "-emit-executable", "-o", "Tests.xctest"]
        #expect(BuildPlanCommands.fasterLinker(for: link).isEmpty)
        let lld = folder.appendingPathComponent("ld.lld").path
        #expect(FileManager.default.createFile(atPath: lld, contents: Data(), attributes: [.posixPermissions: 0o755]))
        #expect(BuildPlanCommands.fasterLinker(for: link) == ["-use-ld=lld"])
        #expect(BuildPlanCommands.fasterLinker(for: []).isEmpty)
    }
    #endif
}
