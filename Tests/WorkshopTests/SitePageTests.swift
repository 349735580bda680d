import Foundation
import Testing
@testable import Workshop
@testable import WorkshopSite

@Suite("A chapter becomes a site page, line for line")
struct SitePageTests {
    static let chapter = """
        # The session manager

        The module is `SessionManager`; it builds on `TaskDelegate` and calls `resume(_:)`.
        See [the tour](01-tour.md#how-the-trace-is-made), the [glossary](glossary.md#delegate-queue),
        the [exercises](../exercises/09-sessions/README.md), [a test](../Tests/09-SessionManagerTests/T.swift),
        [the source](../Sources/09-SessionManager/Manager.swift), [Apple](https://developer.apple.com) and
        [this step](#step-1-one-queue).

        ```mermaid
        flowchart LR
          A --> B
        ```

        <!-- listing: manager-queue -->
        ```swift
        let queue = OperationQueue() // [`TaskDelegate`](01-tour.md) `TaskDelegate`
        ```

        > **Aside: one at a time.** Callbacks `TaskDelegate` never overlap.

        ## Step 1: one queue

        ## The `TaskDelegate` heading

        [`TaskDelegate`](01-tour.md) keeps its link.
        """

    /// A course with a tour chapter, chapter 9, its exercises, a glossary, and chapter 9's module.
    func course() throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write("Package.swift", "")
        try temporary.write("exercises/Package.swift", "")
        try temporary.write("README.md", "# The course\n\nLearn by rebuilding.\n")
        try temporary.write("chapters/01-tour.md", "# The tour\n\n## How the trace is made\n")
        try temporary.write("chapters/09-sessions.md", Self.chapter)
        try temporary.write("chapters/glossary.md", "# Glossary\n\n### Delegate queue\n")
        try temporary.write("exercises/09-sessions/README.md", Self.exercises)
        try temporary.write("Sources/09-SessionManager/Manager.swift", "")
        try temporary.write("Sources/08-TaskDelegates/TaskDelegate.swift", "")
        try temporary.write("Sources/07-CBaseline/baseline.c", "")
        try temporary.write("Tests/09-SessionManagerTests/T.swift", "")
        return temporary
    }

    static let exercises = """
        # Chapter 9 exercises

        Read [chapter 9](../../chapters/09-sessions.md) first.

        ## Exercise 9.1: Count the tasks

        ```swift
        let count = 0
        ```

        <details><summary>Hint 1</summary>

        ```swift
        let hidden = true
        ```

        </details>

        <details><summary>Hint 2</summary>one line</details>

        ## Exercise 9.2: Second
        <details><summary>Hint 1</summary>only one</details>
        """

    static let symbols = SymbolIndex(
        modules: ["SessionManager", "TaskDelegates"],
        symbols: [
            .init(module: "TaskDelegates", path: ["TaskDelegate"], kind: "swift.class", preciseIdentifier: "a"),
            .init(module: "SessionManager", path: ["URLSessionManager"], kind: "swift.class", preciseIdentifier: "b"),
            .init(
                module: "SessionManager", path: ["URLSessionManager", "resume(_:)"], kind: "swift.method",
                preciseIdentifier: "c"),
        ])

    func transform(_ temporary: TemporaryCourse) throws -> (PageTransform, SitePlan) {
        let plan = try SitePlan(course: temporary.course)
        var anchors: [String: [String: String]] = [:]
        for page in plan.pages {
            anchors[page.name] = Markdown.anchors(in: try String(contentsOf: page.source, encoding: .utf8))
        }
        return (PageTransform(plan: plan, symbols: Self.symbols, courseRoot: temporary.root, anchors: anchors), plan)
    }

    func article(_ name: String, in temporary: TemporaryCourse) throws -> PageArticle {
        let (transform, plan) = try transform(temporary)
        let page = try #require(plan.pages.first { $0.name == name })
        return transform.article(
            for: page, text: try String(contentsOf: page.source, encoding: .utf8),
            displayPath: temporary.course.relative(page.source))
    }

    @Test(
        "The course is in order: chapters by number, their exercises, the glossary first of the rest, Swift modules only"
    )
    func plan() throws {
        let temporary = try course()
        try temporary.write("chapters/10-later.md", "# Later\n")
        try temporary.write("chapters/INSTRUCTORS.md", "# For instructors\n")
        let plan = try SitePlan(course: temporary.course)
        #expect(
            plan.pages.map(\.name) == [
                "01-tour", "09-sessions", "10-later", "09-sessions-exercises", "glossary", "instructors",
            ])
        #expect(
            plan.pages.map(\.title) == [
                "The tour", "The session manager", "Later", "Chapter 9 exercises", "Glossary", "For instructors",
            ])
        #expect(plan.modules.map(\.name) == ["TaskDelegates", "SessionManager"])
        #expect(plan.modules.map(\.chapter) == [8, 9])
    }

    @Test("A page without a title is refused with its file")
    func untitled() throws {
        let temporary = try course()
        try temporary.write("chapters/11-untitled.md", "No title here.\n")
        #expect { try SitePlan(course: temporary.course) } throws: { error in
            "\(error)".contains("11-untitled.md") && "\(error)".contains("# Title")
        }
    }

    @Test("Relative links become the site's links, with DocC's anchors; external links stay")
    func links() throws {
        let article = try article("09-sessions", in: try course())
        let lines = Markdown.lines(article.text)
        #expect(article.problems == [])
        #expect(
            lines[3]
                == "See [the tour](doc:01-tour#How-the-trace-is-made), the [glossary](doc:glossary#Delegate-queue),")
        #expect(lines[4] == "the [exercises](doc:09-sessions-exercises), a test,")
        #expect(lines[5] == "[the source](doc:SessionManager), [Apple](https://developer.apple.com) and")
        #expect(lines[6] == "[this step](doc:09-sessions#Step-1-one-queue).")
    }

    @Test("A code span naming one symbol links to its reference, but not in a heading or inside a link")
    func symbolLinks() throws {
        let article = try article("09-sessions", in: try course())
        let lines = Markdown.lines(article.text)
        #expect(
            lines[2]
                == "The module is [`SessionManager`](doc:SessionManager); it builds on [`TaskDelegate`](doc:TaskDelegates/TaskDelegate)"
                + " and calls [`resume(_:)`](doc:SessionManager/URLSessionManager/resume(_:)).")
        #expect(lines[22] == "## The `TaskDelegate` heading")
        #expect(lines[24] == "[`TaskDelegate`](doc:01-tour) keeps its link.")
    }

    @Test(
        "A diagram becomes an image on the same lines; code is never touched; listing directives go; asides are DocC's")
    func blocks() throws {
        let article = try article("09-sessions", in: try course())
        let lines = Markdown.lines(article.text)
        #expect(lines.count == Markdown.lines(Self.chapter).count)
        #expect(lines[8] == "![Diagram 1: The session manager](09-sessions-diagram-1)")
        #expect(lines[9...11].allSatisfy { $0.isEmpty })
        #expect(
            article.diagrams == [Diagram(name: "09-sessions-diagram-1", source: "flowchart LR\n  A --> B", line: 9)])
        #expect(lines[13] == "")
        #expect(lines[15] == "let queue = OperationQueue() // [`TaskDelegate`](01-tour.md) `TaskDelegate`")
        #expect(article.codeBlocks == 1)
        #expect(
            lines[18]
                == "> Aside: **one at a time.** Callbacks [`TaskDelegate`](doc:TaskDelegates/TaskDelegate) never overlap."
        )
    }

    @Test("Broken links are reported with the page's file and line")
    func brokenLinks() throws {
        let temporary = try course()
        try temporary.write(
            "chapters/09-sessions.md", "# Sessions\n\ntext\n[gone](08-gone.md) and\n[no heading](01-tour.md#nowhere)\n")
        let article = try article("09-sessions", in: temporary)
        #expect(
            article.problems == [
                "chapters/09-sessions.md:4: the link to '08-gone.md' points to no file of the course",
                "chapters/09-sessions.md:5: the link to '01-tour.md#nowhere' names no heading of chapters/01-tour.md (\"#nowhere\")",
            ])
    }

    @Test("Hints give way to one tip per exercise, and their code blocks are not expected on the page")
    func hints() throws {
        let article = try article("09-sessions-exercises", in: try course())
        let lines = Markdown.lines(article.text)
        #expect(lines.count == Markdown.lines(Self.exercises).count)
        #expect(lines[2] == "Read [chapter 9](doc:09-sessions) first.")
        #expect(
            lines[10] == "> Tip: Stuck? `swift run workshop hint 9.1` gives the hints one at a time, a question first.")
        #expect(!article.text.contains("hidden"))
        #expect(!article.text.contains("one line"))
        #expect(article.text.components(separatedBy: "> Tip:").count == 3)
        #expect(
            lines[21] == "> Tip: Stuck? `swift run workshop hint 9.2` gives the hints one at a time, a question first.")
        #expect(article.codeBlocks == 1)
    }

    @Test("A chapter in parts keeps one title: the headings below it go one level down")
    func parts() throws {
        let temporary = try course()
        try temporary.write("chapters/09-sessions.md", "# Sessions\n\n# Part 1\n\n## Step\n\n```sh\n# comment\n```\n")
        let lines = Markdown.lines(try article("09-sessions", in: temporary).text)
        #expect(lines[0] == "# Sessions")
        #expect(lines[2] == "## Part 1")
        #expect(lines[4] == "### Step")
        #expect(lines[7] == "# comment")
    }

    @Test("A name is linked only when it means one symbol")
    func ambiguity() {
        let index = SymbolIndex(
            modules: ["A", "B", "Same"],
            symbols: [
                .init(module: "A", path: ["Shared"], kind: "swift.struct", preciseIdentifier: "1"),
                .init(module: "B", path: ["Shared"], kind: "swift.struct", preciseIdentifier: "2"),
                .init(module: "A", path: ["T", "f(_:)"], kind: "swift.method", preciseIdentifier: "3"),
                .init(module: "A", path: ["T", "f(_:)"], kind: "swift.method", preciseIdentifier: "4"),
                .init(module: "A", path: ["U", "g(x:)"], kind: "swift.method", preciseIdentifier: "5"),
                .init(module: "Same", path: ["Same"], kind: "swift.class", preciseIdentifier: "6"),
                .init(
                    module: "A", path: ["URLRequest", "body(to:)"], kind: "swift.method", preciseIdentifier: "7",
                    extendedModule: "Foundation"),
                .init(
                    module: "A", path: ["URLRequest"], kind: "swift.extension", preciseIdentifier: "8",
                    extendedModule: "Foundation"),
            ])
        #expect(index.link(for: "Shared") == nil)
        #expect(index.link(for: "T.f(_:)") == nil)
        #expect(index.link(for: "U.g(x:)") == "doc:A/U/g(x:)")
        #expect(index.link(for: "g(x:)") == "doc:A/U/g(x:)")
        #expect(index.link(for: "Same") == "doc:Same/Same")
        #expect(index.link(for: "A") == "doc:A")
        #expect(index.link(for: "URLRequest.body(to:)") == "doc:A/Foundation/URLRequest/body(to:)")
        #expect(index.link(for: "URLRequest") == nil)
        #expect(index.link(for: "U") == nil)
    }
}
