import Foundation
import Workshop

/// Writes the DocC catalog: the landing page that orders everything, one article per page of
/// the course (its text line for line, then the links to go on), a page for each chapter module
/// that links back to its chapter, the license page, the footer every page shows, and the
/// diagrams and images.
struct CatalogWriter {
    let course: Course
    let plan: SitePlan
    let catalog: URL
    let transform: PageTransform

    /// Writes everything; returns each article's file name mapped to the course file it comes
    /// from, to report DocC's problems at the course's own lines.
    func write(articles: [String: PageArticle], drawings: [String: MermaidRenderer.Drawing]) throws -> [String: URL] {
        try? FileManager.default.removeItem(at: catalog)
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        var sources: [String: URL] = [:]
        for page in plan.pages {
            guard let article = articles[page.name] else { continue }
            try write("\(page.name).md", article.text + "\n" + continuation(of: page))
            sources["\(page.name).md"] = page.source
            for (name, file) in article.images {
                try FileManager.default.copyItem(
                    at: file, to: catalog.appendingPathComponent("\(name).\(file.pathExtension)"))
            }
            for diagram in article.diagrams {
                guard let drawing = drawings[diagram.name] else { continue }
                try write("\(diagram.name).svg", drawing.light)
                try write("\(diagram.name)~dark.svg", drawing.dark)
            }
        }
        try write("\(Site.rootPage).md", landingPage())
        for module in plan.modules {
            try write("\(module.name).md", modulePage(module))
        }
        try write("\(Site.licensePage).md", try licensePage())
        try write("footer.html", Self.footer)
        return sources
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: catalog.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    // MARK: Pages

    /// The landing page: the README's opening paragraph, then everything in course order.
    func landingPage() -> String {
        let readme = (try? String(contentsOf: course.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        let introduction =
            Self.firstParagraph(of: readme).map { paragraph in
                let page = SitePage(
                    kind: .reference, name: Site.rootPage, source: course.root.appendingPathComponent("README.md"),
                    title: "")
                return transform.article(for: page, text: paragraph, displayPath: "README.md").text
            } ?? ""
        var lines = [
            "# \(course.displayName)", "",
            "@Metadata {", "    @TechnologyRoot", "}", "",
            introduction, "",
            "## Overview", "",
            "Read the chapters in order: each builds one module of a working HTTP client, and sets it beside",
            "AFNetworking's original. In a chapter, a type's name links to its reference; each module's",
            "reference links back to its chapter. The exercises pages say what to try;",
            "`swift run workshop` checks your answers and gives hints one at a time.", "",
            "## Topics", "",
        ]
        func group(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            lines += ["### \(title)", ""] + items.map { "- \($0)" } + [""]
        }
        group("Chapters", plan.chapters.map { "<doc:\($0.name)>" })
        group(
            "Exercises",
            plan.pages.filter { if case .exercises = $0.kind { true } else { false } }.map { "<doc:\($0.name)>" })
        group(
            "For readers and instructors",
            plan.pages.filter { $0.kind == .reference }.map { "<doc:\($0.name)>" } + ["<doc:\(Site.licensePage)>"])
        group("API reference", plan.modules.map { "``\($0.name)``" })
        return lines.joined(separator: "\n")
    }

    /// What follows a page's own text: where to go next.
    func continuation(of page: SitePage) -> String {
        var links: [String] = []
        switch page.kind {
        case .chapter(let number):
            links += plan.modules(ofChapter: number).map { "``\($0.name)``" }
            links += plan.exercisesPage(ofChapter: number).map { ["<doc:\($0.name)>"] } ?? []
            if let next = plan.chapters.first(where: {
                if case .chapter(let other) = $0.kind { other > number } else { false }
            }) {
                links.append("<doc:\(next.name)>")
            }
        case .exercises(let number):
            links += plan.chapterPage(number).map { ["<doc:\($0.name)>"] } ?? []
            links += plan.modules(ofChapter: number).map { "``\($0.name)``" }
        case .reference:
            break
        }
        guard !links.isEmpty else { return "" }
        return (["", "## See Also", ""] + links.map { "- \($0)" }).joined(separator: "\n") + "\n"
    }

    /// The page DocC shows for a module, above its symbols: the chapter that builds it.
    func modulePage(_ module: ChapterModule) -> String {
        var lines = ["# ``\(module.name)``", ""]
        guard let chapter = plan.chapterPage(module.chapter) else {
            return (lines + ["The module of chapter \(module.chapter)."]).joined(separator: "\n")
        }
        lines += ["The module that chapter \(module.chapter) builds: <doc:\(chapter.name)>.", "", "## Overview", ""]
        var overview =
            "Read the chapter first: it builds this module one step at a time, says why each part is the way it is, and"
            + " sets it beside AFNetworking's original."
        if let exercises = plan.exercisesPage(ofChapter: module.chapter) {
            overview += " Then try its exercises: <doc:\(exercises.name)>."
        }
        let tests = course.root.appendingPathComponent(
            "Tests/\(String(format: "%02d", module.chapter))-\(module.name)Tests")
        if FileManager.default.fileExists(atPath: tests.path) {
            overview += " Its tests: `swift test --filter \(module.name)Tests`."
        }
        return (lines + [overview]).joined(separator: "\n")
    }

    /// The repository's LICENSE, word for word, under a summary.
    func licensePage() throws -> String {
        let file = course.root.appendingPathComponent("LICENSE")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw WorkshopError("LICENSE is missing: the site states the course's license from it")
        }
        return """
            # License

            The course's code is under the MIT license and its prose under Creative Commons Attribution 4.0; \
            it reproduces names and strings of AFNetworking, under AFNetworking's MIT license.

            ## Overview

            This is the repository's `LICENSE` file:

            ```text
            \(text.trimmingCharacters(in: .newlines))
            ```
            """
    }

    /// Every page's footer (DocC's `footer.html` template): the license in one line.
    static let footer = """
        <footer style="text-align: center; padding: 1.5em 1em; font-size: 0.8em; opacity: 0.8">
        Code: MIT license. Prose: CC BY 4.0. AFNetworking's names and strings: MIT license,
        © 2011–2020 Alamofire Software Foundation.
        <a href="\(Site.homePath)/\(Site.licensePage)">License</a>
        </footer>
        """

    /// The first paragraph after a Markdown file's title.
    static func firstParagraph(of text: String) -> String? {
        let lines = Markdown.lines(text)
        guard let title = lines.firstIndex(where: { $0.hasPrefix("# ") }),
            let start = lines[(title + 1)...].firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        else { return nil }
        let end = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? lines.count
        return lines[start..<end].joined(separator: "\n")
    }
}
