import Foundation
import Testing
@testable import Workshop

/// The copy check without building anything: a chapter, a stub and a solution written into a
/// temporary course, and the verdict read back.
@Suite("Copy check")
struct CopyCheckTests {
    /// A listing as a chapter prints it: twenty lines of a real function.
    static let listing = """
        public func percentEscapingBatches(of string: String, batchSize: Int = 50) -> [Substring] {
            precondition(batchSize > 0, "a batch must hold at least one UTF-16 code unit")
            var batches: [Substring] = []
            var batchStart = string.startIndex
            while batchStart < string.endIndex {
                guard let cut = string.utf16.index(batchStart, offsetBy: batchSize, limitedBy: string.endIndex) else {
                    batches.append(string[batchStart...])
                    break
                }
                let batchEnd = cut.samePosition(in: string) ?? string.index(after: cut)
                batches.append(string[batchStart..<batchEnd])
                batchStart = batchEnd
            }
            return batches
        }
        """

    static let stub = """
        public func pieces(of text: String, size: Int = 50) -> [Substring] {
            // TODO(1.1): cut `text` into pieces.
            return []
        }

        """

    /// A course whose chapter 1 prints `listing` (in an aside too, when `asAside`), and whose
    /// exercise 1.1 has `stub` and `solution`.
    func course(solution: String, stub: String = stub, asAside: Bool = false) throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write("Package.swift", "")
        try temporary.write("exercises/Package.swift", "")
        let block = "<!-- listing: composed-batches -->\n```swift\n\(Self.listing)\n```"
        let quoted = block.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(
            separator: "\n")
        try temporary.write(
            "chapters/01-tiny.md", "# Tiny\n\nSome prose.\n\n\(asAside ? quoted : block)\n\nMore prose.\n")
        try temporary.write(
            "exercises/01-tiny/README.md",
            """
            # Tiny exercises

            ## Exercise 1.1: Cut a string
            <details><summary>Hint 1</summary>Where?</details>
            <details><summary>Hint 2</summary>There.</details>
            """)
        try temporary.write("exercises/01-tiny/Sources/1.1-cut/Cut.swift", stub)
        try temporary.write("exercises/01-tiny/Solutions/1.1-cut/Cut.swift", solution)
        return temporary
    }

    func verdict(_ temporary: TemporaryCourse) throws -> CopyCheck.Verdict {
        let exercise = try #require(try temporary.course.exercises().first)
        return try CopyCheck(course: temporary.course).verdict(for: exercise)
    }

    @Test("A listing copied with every name changed is caught, and the problem names the exercise and the listing")
    func renamedCopy() throws {
        var copy = Self.listing
        for (name, renamed) in [
            ("percentEscapingBatches", "pieces"), ("batchSize", "size"), ("batchStart", "from"), ("batchEnd", "to"),
            ("batches", "result"), ("cut", "limit"), ("string", "text"),
        ] {
            copy = copy.replacingOccurrences(of: name, with: renamed)
        }
        copy = copy.replacingOccurrences(
            of: "a batch must hold at least one UTF-16 code unit", with: "size must be positive")
        let temporary = try course(solution: copy + "\n")
        let verdict = try verdict(temporary)
        #expect(verdict.isCopy, "\(verdict.summary)")
        #expect(verdict.sources.first?.block == "listing 'composed-batches'")
        let problems = try CopyCheck(course: temporary.course).problems(for: temporary.course.exercises())
        #expect(
            problems.count == 1 && problems.first?.hasPrefix("1.1: ") == true
                && problems.first?.contains("'composed-batches'") == true,
            "\(problems)")
    }

    @Test("An honest solution, which walks characters where the listing jumps, is not a copy")
    func honestSolution() throws {
        let honest = """
            public func pieces(of text: String, size: Int = 50) -> [Substring] {
                var result: [Substring] = []
                var start = text.startIndex
                var units = 0
                for index in text.indices {
                    units += text[index].utf16.count
                    if units >= size {
                        let end = text.index(after: index)
                        result.append(text[start..<end])
                        start = end
                        units = 0
                    }
                }
                if start < text.endIndex { result.append(text[start...]) }
                return result
            }

            """
        let verdict = try verdict(try course(solution: honest))
        #expect(!verdict.isCopy, "\(verdict.summary)")
        #expect(verdict.addedTokens > 60)
    }

    @Test("A copy inside an aside's block quote is caught as well")
    func aside() throws {
        let copy = Self.listing.replacingOccurrences(of: "percentEscapingBatches", with: "pieces").replacingOccurrences(
            of: "batchSize", with: "size")
        let verdict = try verdict(try course(solution: copy + "\n", asAside: true))
        #expect(verdict.isCopy, "\(verdict.summary)")
    }

    @Test("Lines the stub already has are not added; a line changed by one name is added whole")
    func addedLines() {
        let stub = "let a = 1\nlet b = 2 // two\nlet c = 3\n"
        let solution = "let a = 1\nlet b = 2 // a comment changed\nlet c = 4\nlet d = a + b\n"
        #expect(
            CopyCheck.addedTokens(stub: ["F.swift": stub], solution: ["F.swift": solution])
                == ["let", "c", "=", "4", "let", "d", "=", "a", "+", "b"])
        #expect(CopyCheck.addedTokens(stub: [:], solution: ["New.swift": "x()"]) == ["x", "(", ")"])
    }

    @Test("Names and literals become placeholders; keywords, attributes and operators stay")
    func normalising() {
        let tokens = CodeTokens.lines(#"@MainActor let count = items.filter { $0 > 0x1F }.count + "n\(x)" // gone"#)
            .flatMap { $0 }
        #expect(
            CodeTokens.normalised(tokens)
                == ["@MainActor", "let", "I", "=", "I", ".", "I", "{", "I", ">", "N", "}", ".", "I", "+", "S"])
        #expect(CodeTokens.lines("/* a\n b */ x\n\"\"\"\nmulti\n\"\"\" y").map(\.count) == [0, 1, 1, 0, 1])
    }

    @Test("Runs shorter than the minimum are not counted, and tiles never overlap")
    func tiling() {
        let block = "a b c d e f g h".split(separator: " ").map(String.init)
        let added = "a b c x e f g h a b c d".split(separator: " ").map(String.init)
        #expect(CopyCheck.tile(added, against: [block], minimumRun: 5).coveredPerBlock == [0])
        let tiling = CopyCheck.tile(added, against: [block], minimumRun: 4)
        #expect(tiling.coveredPerBlock == [8] && tiling.longest == 4, "\(tiling)")
    }
}
