import Foundation
import Testing
@testable import Workshop
@testable import WorkshopSite

@Suite("The site's catalog, DocC's messages, the server's answers")
struct SiteBuildTests {
    func course() throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write("Package.swift", "")
        try temporary.write("exercises/Package.swift", "")
        try temporary.write("README.md", "# The course\n\nLearn by [rebuilding](chapters/01-tour.md).\n\n## Start\n")
        try temporary.write("LICENSE", "MIT and CC BY 4.0\n")
        try temporary.write("chapters/01-tour.md", "# The tour\n")
        try temporary.write("chapters/02-queries.md", "# Queries\n")
        try temporary.write("chapters/glossary.md", "# Glossary\n")
        try temporary.write("exercises/02-queries/README.md", "# Chapter 2 exercises\n")
        try temporary.write("Sources/02-QueryStrings/Q.swift", "")
        try temporary.write("Tests/02-QueryStringsTests/QTests.swift", "")
        return temporary
    }

    func writer(_ temporary: TemporaryCourse) throws -> CatalogWriter {
        let plan = try SitePlan(course: temporary.course)
        let transform = PageTransform(
            plan: plan, symbols: SymbolIndex(modules: [], symbols: []), courseRoot: temporary.root, anchors: [:])
        return CatalogWriter(
            course: temporary.course, plan: plan, catalog: temporary.root.appendingPathComponent("out.docc"),
            transform: transform)
    }

    @Test("The landing page is the README's opening, then every page and module in course order")
    func landingPage() throws {
        let temporary = try course()
        let text = try writer(temporary).landingPage()
        let lines = Markdown.lines(text)
        #expect(lines.first == "# The course")
        #expect(text.contains("@TechnologyRoot"))
        #expect(text.contains("Learn by [rebuilding](doc:01-tour)."))
        let order = [
            "<doc:01-tour>", "<doc:02-queries>", "<doc:02-queries-exercises>", "<doc:glossary>", "<doc:license>",
            "``QueryStrings``",
        ]
        let positions = order.compactMap { item in lines.firstIndex { $0 == "- \(item)" } }
        #expect(positions.count == order.count)
        #expect(positions == positions.sorted())
    }

    @Test("A chapter ends with its module, its exercises and the next chapter; a module's page names its chapter")
    func navigation() throws {
        let temporary = try course()
        let writer = try writer(temporary)
        let plan = writer.plan
        let tour = try #require(plan.chapterPage(1))
        let queries = try #require(plan.chapterPage(2))
        #expect(writer.continuation(of: tour) == "\n## See Also\n\n- <doc:02-queries>\n")
        #expect(
            writer.continuation(of: queries) == "\n## See Also\n\n- ``QueryStrings``\n- <doc:02-queries-exercises>\n")
        let module = try #require(plan.modules.first)
        let page = writer.modulePage(module)
        #expect(page.hasPrefix("# ``QueryStrings``\n\nThe module that chapter 2 builds: <doc:02-queries>."))
        #expect(page.contains("<doc:02-queries-exercises>"))
        #expect(page.contains("swift test --filter QueryStringsTests"))
    }

    @Test("The license page quotes LICENSE; without LICENSE the site is refused")
    func license() throws {
        let temporary = try course()
        #expect(try writer(temporary).licensePage().contains("```text\nMIT and CC BY 4.0\n```"))
        try FileManager.default.removeItem(at: temporary.root.appendingPathComponent("LICENSE"))
        #expect(throws: WorkshopError.self) { try writer(temporary).licensePage() }
    }

    @Test("DocC's messages about the catalog name the course file and line they come from")
    func diagnostics() {
        let output = """
            /tmp/site/Course.docc/09-sessions.md:37:13: error: 'nope' doesn't exist at '/Course/09-sessions'
            /tmp/site/Course.docc/Course.md:3:1: warning: something generated
            /work/course/Sources/09-S/M.swift:5:9: warning: 'Gone' doesn't exist
            Error: An error was encountered while compiling documentation
            """
        let sources = ["09-sessions.md": URL(fileURLWithPath: "/work/course/chapters/09-sessions.md")]
        let relative: (URL) -> String = { $0.path.replacingOccurrences(of: "/work/course/", with: "") }
        #expect(
            Site.diagnostics(in: output, sources: sources, relative: relative) == [
                "chapters/09-sessions.md:37: 'nope' doesn't exist at '/Course/09-sessions'",
                "/tmp/site/Course.docc/Course.md:3: something generated",
                "Sources/09-S/M.swift:5: 'Gone' doesn't exist",
            ])
    }

    @Test(
        "The server answers a page's folder with its index, an unknown page with DocC's 404, and nothing outside the site"
    )
    func server() throws {
        let temporary = try course()
        try temporary.write("www/index.html", "app")
        try temporary.write("www/documentation/course/index.html", "page")
        try temporary.write("www/data/documentation/course.json", "{}")
        let root = temporary.root.appendingPathComponent("www").standardizedFileURL
        let files = SiteServer.Files(root: root, home: "/documentation/course")
        #expect(files.answer(path: "/") == .redirect("/documentation/course"))
        #expect(
            files.answer(path: "/documentation/course")
                == .file(root.appendingPathComponent("documentation/course/index.html"), status: .ok))
        #expect(
            files.answer(path: "/documentation/course/?q=1")
                == .file(root.appendingPathComponent("documentation/course/index.html"), status: .ok))
        #expect(
            files.answer(path: "/data/documentation/course.json")
                == .file(root.appendingPathComponent("data/documentation/course.json"), status: .ok))
        #expect(
            files.answer(path: "/documentation/nope")
                == .file(root.appendingPathComponent("index.html"), status: .notFound))
        #expect(files.answer(path: "/data/nope.json") == .notFound)
        #expect(files.answer(path: "/../LICENSE") == .notFound)
        #expect(files.answer(path: "/%2E%2E/LICENSE") == .notFound)
        #expect(SiteServer.Files.contentType(of: URL(fileURLWithPath: "/a.svg")) == "image/svg+xml")
    }

    @Test("A served site answers over HTTP on loopback")
    func serving() throws {
        let temporary = try course()
        try temporary.write("www/documentation/course/index.html", "page")
        let server = try SiteServer.start(
            folder: temporary.root.appendingPathComponent("www"), home: "/documentation/course")
        defer { server.stop() }
        let client = LoopbackClient(port: server.url.port ?? 0)
        defer { client.shutdown() }
        let page = try client.send(.GET, "/documentation/course", body: nil)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self) == "page")
        #expect(try client.send(.GET, "/", body: nil).status == 302)
        #expect(try client.send(.GET, "/missing.css", body: nil).status == 404)
    }

    @Test("The check visits every page with what its Markdown promises, and reads links as a path and an anchor")
    func expectations() throws {
        let temporary = try course()
        let plan = try SitePlan(course: temporary.course)
        var articles: [String: PageArticle] = [:]
        var tour = PageArticle(text: "")
        tour.codeBlocks = 3
        tour.diagrams = [Diagram(name: "01-tour-diagram-1", source: "graph LR", line: 2)]
        articles["01-tour"] = tour
        let report = SiteReport(plan: plan, articles: articles, folder: temporary.root)
        let check = SiteCheck(
            report: report, course: temporary.course, server: URL(string: "http://127.0.0.1:1")!,
            screenshots: temporary.root, log: { _ in })
        let pages = check.expectations()
        #expect(
            pages.map(\.path) == [
                "/documentation/course", "/documentation/course/01-tour", "/documentation/course/02-queries",
                "/documentation/course/02-queries-exercises", "/documentation/course/glossary",
                "/documentation/course/license",
                "/documentation/querystrings",
            ])
        #expect(pages[1].codeBlocks == 3)
        #expect(pages[1].diagrams == 1)
        #expect(pages[1].screenshot == "01-tour.png")
        #expect(pages[3].screenshot == nil)
        #expect(pages.last?.codeBlocks == nil)
        #expect(
            SiteCheck.split("http://127.0.0.1:5/documentation/course/01-tour/#Step-1") == (
                "/documentation/course/01-tour", "Step-1"
            ))
        #expect(SiteCheck.split("http://127.0.0.1:5/documentation/course") == ("/documentation/course", nil))
    }

    @Test("A diagram's cache name changes with its source and its theme, and only with them")
    func diagramKeys() {
        #expect(MermaidRenderer.key("graph LR", theme: "default") == MermaidRenderer.key("graph LR", theme: "default"))
        #expect(MermaidRenderer.key("graph LR", theme: "default") != MermaidRenderer.key("graph LR", theme: "dark"))
        #expect(MermaidRenderer.key("graph LR", theme: "default") != MermaidRenderer.key("graph TD", theme: "default"))
    }
}
