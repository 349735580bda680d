import Foundation
import Workshop

/// `swift run workshop site`: the course as a DocC site. The chapters, the glossary, the
/// instructors' page and each chapter's exercises become articles in course order; the chapter
/// modules' symbol graphs become the API reference; both go through one `docc convert`, so every
/// link between them is checked, and DocC's warnings fail the build.
///
/// Everything is written under `folder` (`.build/site`): the generated catalog (`Course.docc`,
/// worth reading when DocC reports a problem), the symbol graphs, the diagrams' pictures
/// (`diagrams`, a cache), and the site itself (`www`).
package struct Site {
    /// The landing page's name: the site's addresses start with `/documentation/course`.
    static let rootPage = "Course"
    static let licensePage = "license"
    static let bundleIdentifier = "course"

    package let course: Course
    package let folder: URL
    /// Where progress goes: written at once, unbuffered, so that it stays in order with the
    /// errors on standard error when both go to one log.
    package var log: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }

    package init(course: Course, folder: URL? = nil) {
        self.course = course
        self.folder = folder ?? course.root.appendingPathComponent(".build/site")
    }

    package var output: URL { folder.appendingPathComponent("www") }
    package var screenshots: URL { folder.appendingPathComponent("screenshots") }
    var catalog: URL { folder.appendingPathComponent("\(Self.rootPage).docc") }
    var symbolGraphs: URL { folder.appendingPathComponent("symbol-graphs") }
    var mermaid: MermaidRenderer {
        MermaidRenderer(cache: folder.appendingPathComponent("diagrams"))
    }

    /// The address of the landing page on a server of the site.
    package static var homePath: String { "/documentation/\(rootPage.lowercased())" }

    /// Renders the site into `output`. The diagrams are drawn here, offline (`MermaidRenderer`);
    /// no browser is needed until the site is checked.
    func build() throws -> SiteReport {
        let plan = try SitePlan(course: course)
        var step = Date()
        let index = try extractSymbolGraphs(plan)
        log("symbol graphs of \(plan.modules.map(\.name).joined(separator: ", ")): \(Self.seconds(since: step))")

        var anchors: [String: [String: String]] = [:]
        var texts: [String: String] = [:]
        for page in plan.pages {
            let text = try String(contentsOf: page.source, encoding: .utf8)
            texts[page.name] = text
            anchors[page.name] = Markdown.anchors(in: text)
        }
        let transform = PageTransform(plan: plan, symbols: index, courseRoot: course.root, anchors: anchors)
        var articles: [String: PageArticle] = [:]
        var problems: [String] = []
        for page in plan.pages {
            let article = transform.article(
                for: page, text: texts[page.name] ?? "", displayPath: course.relative(page.source))
            articles[page.name] = article
            problems += article.problems
        }

        let diagrams = plan.pages.flatMap { page in
            (articles[page.name]?.diagrams ?? []).map { ($0, course.relative(page.source)) }
        }
        step = Date()
        let drawn = try mermaid.draw(diagrams)
        problems += drawn.problems
        log(
            "diagrams: \(diagrams.count), \(drawn.drawn) drawn now, the others from the cache: \(Self.seconds(since: step))"
        )
        guard problems.isEmpty else {
            throw WorkshopError(
                "the site cannot be built until these are fixed:\n" + problems.map { "- \($0)" }.joined(separator: "\n")
            )
        }

        let writer = CatalogWriter(course: course, plan: plan, catalog: catalog, transform: transform)
        let sources = try writer.write(articles: articles, drawings: drawn.drawings)
        step = Date()
        try convert(sources: sources)
        log("docc convert: \(Self.seconds(since: step))")
        // Wide diagrams shrink only as far as their text stays readable, then scroll.
        let pictures = Dictionary(uniqueKeysWithValues: drawn.drawings.map { ("\($0.key).svg", $0.value.light) })
        _ = try DiagramLegibility.addStyleSheet(DiagramLegibility.styleSheet(for: pictures), toPagesIn: output)
        return SiteReport(plan: plan, articles: articles, folder: output)
    }

    // MARK: Symbol graphs

    /// Asks SwiftPM for the package's symbol graphs (it builds what is not built yet), keeps the
    /// chapter modules' ones, and reads their public names.
    ///
    /// SwiftPM also tries the test targets' modules, and fails on them until the tests have been
    /// built; that failure does not matter here, so the command's status is not the verdict:
    /// each chapter module must have its graph, and must not be named in a failure.
    private func extractSymbolGraphs(_ plan: SitePlan) throws -> SymbolIndex {
        let dump = try Shell.run(
            [
                "swift", "package", "dump-symbol-graph", "--minimum-access-level", "public",
                "--skip-synthesized-members", "--emit-extension-block-symbols",
            ], in: course.root)
        let failed = plan.modules.filter { dump.output.contains("Failed to emit symbol graph for '\($0.name)'") }
        guard failed.isEmpty,
            let line = dump.output.split(separator: "\n").last(where: { $0.hasPrefix("Files written to ") })
        else {
            throw WorkshopError("swift package dump-symbol-graph failed:\n\(dump.output.suffix(4000))")
        }
        let written = URL(
            fileURLWithPath: String(line.dropFirst("Files written to ".count)).trimmingCharacters(in: .whitespaces))
        try? FileManager.default.removeItem(at: symbolGraphs)
        try FileManager.default.createDirectory(at: symbolGraphs, withIntermediateDirectories: true)
        var symbols: [SymbolIndex.Symbol] = []
        let files = try contents(of: written)
        for module in plan.modules {
            let main = written.appendingPathComponent("\(module.name).symbols.json")
            guard FileManager.default.fileExists(atPath: main.path) else {
                throw WorkshopError(
                    "\(course.relative(module.folder)) has no symbol graph: is \(module.name) a target of Package.swift?"
                )
            }
            try FileManager.default.copyItem(at: main, to: symbolGraphs.appendingPathComponent(main.lastPathComponent))
            symbols += try SymbolIndex.symbols(inGraph: Data(contentsOf: main))
            // `Module@Foundation.symbols.json` and the like: the module's extensions of other modules' types.
            for file in files where file.lastPathComponent.hasPrefix("\(module.name)@") {
                try FileManager.default.copyItem(
                    at: file, to: symbolGraphs.appendingPathComponent(file.lastPathComponent))
                let extended = file.lastPathComponent.dropFirst(module.name.count + 1).prefix { $0 != "." }
                symbols += try SymbolIndex.symbols(inGraph: Data(contentsOf: file), extending: String(extended))
            }
        }
        return SymbolIndex(modules: plan.modules.map(\.name), symbols: symbols)
    }

    // MARK: DocC

    /// Runs `docc convert`, its warnings as errors, and reports each problem at the line of the
    /// course's own file it comes from.
    private func convert(sources: [String: URL]) throws {
        try? FileManager.default.removeItem(at: output)
        let docc = try Self.doccCommand()
        let result = try Shell.run(
            docc + [
                "convert", catalog.path,
                "--additional-symbol-graph-dir", symbolGraphs.path,
                "--output-path", output.path,
                // The display name makes the articles' addresses (`/documentation/course/…`); the
                // title readers see is the landing page's.
                "--fallback-display-name", Self.rootPage,
                "--fallback-bundle-identifier", Self.bundleIdentifier,
                "--warnings-as-errors", "--ide-console-output",
                "--experimental-enable-custom-templates",
            ], in: course.root)
        let problems = Self.diagnostics(in: result.output, sources: sources, relative: course.relative)
        guard result.succeeded, problems.isEmpty else {
            let lines = problems.isEmpty ? [String(result.output.suffix(4000))] : problems
            throw WorkshopError(
                "DocC found \(problems.count) problem(s):\n" + lines.map { "- \($0)" }.joined(separator: "\n"))
        }
    }

    /// DocC's `file:line:column: warning|error: message` lines, each about a file of the generated
    /// catalog told as the course file it was made from (the catalog's pages keep their source's
    /// line numbers).
    static func diagnostics(in output: String, sources: [String: URL], relative: (URL) -> String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.range(of: #"^(.+?):(\d+):(\d+): (warning|error): "#, options: .regularExpression)
            else { return nil }
            let head = line[match].split(separator: ":")
            let file = String(head[0])
            let message = line[match.upperBound...]
            let number = Int(head[1]) ?? 0
            if let source = sources[URL(fileURLWithPath: file).lastPathComponent] {
                return "\(relative(source)):\(number): \(message)"
            }
            let location = file.hasPrefix("/") ? relative(URL(fileURLWithPath: file)) : file
            return "\(location):\(number): \(message)"
        }
    }

    static func doccCommand() throws -> [String] {
        if let override = ProcessInfo.processInfo.environment["WORKSHOP_DOCC"] { return [override] }
        if Shell.executable(named: "docc") != nil { return ["docc"] }
        #if os(macOS)
        return ["xcrun", "docc"]
        #else
        throw WorkshopError("docc is not on PATH: it ships with the Swift toolchain, next to `swift`")
        #endif
    }
}

extension Course {
    /// The README's `# Title`: the site's name.
    var displayName: String {
        let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return Markdown.headings(in: readme).first { $0.level == 1 }?.text ?? "The course"
    }
}

/// What was rendered, for the check and for the closing summary.
package struct SiteReport: Sendable {
    let plan: SitePlan
    let articles: [String: PageArticle]
    package let folder: URL

    package var pageCount: Int { plan.pages.count }
    package var moduleCount: Int { plan.modules.count }
    package var diagramCount: Int { articles.values.reduce(0) { $0 + $1.diagrams.count } }
    package var codeBlockCount: Int { articles.values.reduce(0) { $0 + $1.codeBlocks } }
}
