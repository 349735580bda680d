import Foundation
import Testing
@testable import Workshop
@testable import WorkshopSite

@Suite("The site reads the chapters' Markdown as a forge and DocC do")
struct SiteMarkdownTests {
    @Test("Fenced blocks are found with their language and lines, in block quotes and lists too")
    func fences() {
        let text = """
            # Title
            ```swift
            let a = 1
            ```
            > An aside:
            > ```sh
            > swift run
            > ```
            1. A step:

               ```mermaid
               flowchart LR
                 A --> B
               ```
            ~~~
            # not a heading
            ~~~
            A line with ``` `code` ``` in it.
            """
        let fences = Markdown.fences(in: text)
        #expect(fences.map(\.language) == ["swift", "sh", "mermaid", ""])
        #expect(fences.map(\.openingLine) == [2, 6, 11, 15])
        #expect(fences.map(\.closingLine) == [4, 8, 14, 17])
        #expect(fences[1].body == "swift run")
        #expect(fences[2].body == "flowchart LR\n  A --> B")
    }

    @Test("A fence left open runs to the end of the file")
    func unclosedFence() {
        let fences = Markdown.fences(in: "text\n```swift\nlet a = 1\n")
        #expect(fences.count == 1)
        #expect(fences[0].closingLine == 4)
    }

    @Test("Headings are read outside code blocks, as plain text")
    func headings() {
        let text = "# The `Tracer`\n```sh\n# a comment\n```\n## Step 1: *read* the [header](x.md)\n#hashtag\n"
        let headings = Markdown.headings(in: text)
        #expect(headings.map(\.text) == ["The Tracer", "Step 1: read the header"])
        #expect(headings.map(\.line) == [1, 5])
        #expect(headings.map(\.level) == [1, 2])
    }

    @Test("A heading's forge anchor and DocC anchor follow each one's rules")
    func anchors() {
        #expect(Markdown.forgeAnchor("Step 1: one session, one serial queue") == "step-1-one-session-one-serial-queue")
        #expect(Markdown.doccAnchor("Step 1: one session, one serial queue") == "Step-1-one-session-one-serial-queue")
        #expect(Markdown.forgeAnchor("Expect: 100-continue") == "expect-100-continue")
        #expect(Markdown.doccAnchor("Expect: 100-continue") == "Expect-100-continue")
        #expect(Markdown.forgeAnchor("A → B") == "a--b")
        #expect(Markdown.doccAnchor("Why not `Task { }`?") == "Why-not-Task--")
        let anchors = Markdown.anchors(in: "# Recap\n## Recap\n## Other\n")
        #expect(anchors == ["recap": "Recap", "recap-1": "Recap", "other": "Other"])
    }

    @Test("Code spans of any length are found; an unmatched backtick is text")
    func codeSpans() {
        let tokens = InlineScanner.tokens(in: "a `x` b `` y`z `` c ` d")
        #expect(
            tokens == [
                .text("a "), .code("x", raw: "`x`"), .text(" b "), .code("y`z", raw: "`` y`z ``"), .text(" c ` d"),
            ])
    }

    @Test("Links are found with their text, destination, title and line; brackets in code are not links")
    func links() {
        let text =
            "See [the `Tracer`\nhook](01-tour.md#how \"Title\") and ![a picture](p.png).\n`[UInt8](repeating: 0)`"
        let links = InlineScanner.tokens(in: text).compactMap { token -> InlineLink? in
            if case .link(let link) = token { link } else { nil }
        }
        #expect(links.count == 2)
        #expect(links[0].text == "the `Tracer`\nhook")
        #expect(links[0].destination == "01-tour.md#how")
        #expect(links[0].title == "\"Title\"")
        #expect(links[0].lineOffset == 0)
        #expect(links[0].written(destination: "doc:x") == "[the `Tracer`\nhook](doc:x \"Title\")")
        #expect(links[1].isImage)
        #expect(links[1].lineOffset == 1)
        #expect(
            InlineScanner.rewrite(text, code: { _, raw in raw }, link: { $0.written(destination: $0.destination) })
                == text)
    }

    @Test("A destination may hold balanced parentheses")
    func parentheses() {
        let tokens = InlineScanner.tokens(in: "[f](doc:Tracer/printing(_:)) after")
        #expect(
            tokens.first
                == .link(
                    InlineLink(
                        text: "f", destination: "doc:Tracer/printing(_:)", title: nil, isImage: false, lineOffset: 0)))
        #expect(tokens.last == .text(" after"))
    }
}
