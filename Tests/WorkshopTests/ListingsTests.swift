import Foundation
import Testing
@testable import Workshop

@Suite("Listings are extracted, never pasted")
struct ListingsTests {
    static let source = """
        struct A {
            // listing: inside
            func f() -> Int {
                1
            }
            // end-listing
        }
        """

    @Test("A region is read without its markers and without its shared indentation")
    func regionDedent() {
        let (regions, problems) = Listings.regions(
            in: Self.source, file: URL(fileURLWithPath: "/x/a.swift"), displayPath: "a.swift")
        #expect(problems.isEmpty)
        #expect(regions.map(\.name) == ["inside"])
        #expect(regions.first?.code == "func f() -> Int {\n    1\n}")
        #expect(regions.first?.language == "swift")
    }

    @Test("Unterminated, nested and stray markers are reported with their line")
    func badMarkers() {
        let text = "// listing: a\n// listing: b\n// end-listing\n// end-listing\n// listing: c\n"
        let (_, problems) = Listings.regions(in: text, file: URL(fileURLWithPath: "/x/b.c"), displayPath: "b.c")
        #expect(problems.count == 3)
        #expect(problems.contains { $0.hasPrefix("b.c:2:") && $0.contains("do not nest") })
        #expect(problems.contains { $0.hasPrefix("b.c:4:") && $0.contains("without") })
        #expect(problems.contains { $0.hasPrefix("b.c:5:") && $0.contains("no '// end-listing'") })
    }

    @Test("A region of 30 lines passes; one of 31 is reported, with its line and length")
    func longRegions() {
        let body = { (count: Int) in (1...count).map { "let x\($0) = \($0)" }.joined(separator: "\n") }
        let text = "// listing: short\n\(body(30))\n// end-listing\n// listing: long\n\(body(31))\n// end-listing\n"
        let (regions, problems) = Listings.regions(
            in: text, file: URL(fileURLWithPath: "/x/c.swift"), displayPath: "c.swift")
        #expect(regions.map(\.name) == ["short", "long"])
        #expect(
            problems == [
                "c.swift:33: region 'long' is 31 lines long; a listing shows one idea in at most 30: split it into regions of its own"
            ])
    }

    @Test("A directive must stand right above a fenced block")
    func directives() {
        let chapter = "text\n<!-- listing: a -->\n```swift\nlet x = 1\n```\n<!-- listing: b -->\nno fence\n"
        let (placements, problems) = Listings.placements(in: chapter)
        #expect(placements.map(\.name) == ["a"])
        #expect(placements.first?.block == "let x = 1")
        #expect(problems == ["line 6: 'listing: b' must be followed by a fenced code block (```)"])
    }

    /// A course with one region, used by one chapter whose block is `block`.
    func course(block: String, extraRegion: Bool = false) throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write(
            "Sources/M/a.swift", Self.source + (extraRegion ? "\n// listing: spare\nlet y = 2\n// end-listing\n" : ""))
        try temporary.write("chapters/01-x.md", "# X\n\n<!-- listing: inside -->\n```swift\n\(block)\n```\n")
        return temporary
    }

    @Test("A block equal to its region passes the check")
    func inSync() throws {
        let temporary = try course(block: "func f() -> Int {\n    1\n}")
        #expect(try Listings(course: temporary.course).check(write: false).isEmpty)
    }

    @Test("A block that drifted from its region fails the check, and --write repairs it")
    func drift() throws {
        let temporary = try course(block: "func f() -> Int { 2 }")
        let problems = try Listings(course: temporary.course).check(write: false)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("differs from its source") == true)
        #expect(try Listings(course: temporary.course).check(write: true).isEmpty)
        #expect(try temporary.read("chapters/01-x.md").contains("```swift\nfunc f() -> Int {\n    1\n}\n```"))
        #expect(try Listings(course: temporary.course).check(write: false).isEmpty)
    }

    @Test("A region no chapter uses, and a directive naming no region, fail the check")
    func unusedAndMissing() throws {
        let temporary = try course(block: "func f() -> Int {\n    1\n}", extraRegion: true)
        try temporary.write(
            "chapters/02-y.md",
            "# Y\n<!-- listing: nowhere -->\n```swift\n```\n<!-- output: no-such-example -->\n```text\n```\n")
        let problems = try Listings(course: temporary.course).check(write: false)
        #expect(problems.contains { $0.contains("region 'spare' is used by no chapter") })
        #expect(problems.contains { $0.contains("no source region is called 'nowhere'") })
        #expect(problems.contains { $0.contains("no example is called 'no-such-example'") })
        #expect(problems.count == 3)
    }

    @Test("An output block holds exactly what its example prints")
    func outputBlocks() throws {
        let temporary = try course(block: "func f() -> Int {\n    1\n}")
        try temporary.write("chapters/02-y.md", "# Y\n<!-- output: batches -->\n```text\nstale\n```\n")
        #expect(try Listings(course: temporary.course).check(write: false).count == 1)
        #expect(try Listings(course: temporary.course).check(write: true).isEmpty)
        let expected = try #require(Examples.named("batches")).output()
        #expect(try temporary.read("chapters/02-y.md").contains("```text\n\(expected)```"))
    }
}
