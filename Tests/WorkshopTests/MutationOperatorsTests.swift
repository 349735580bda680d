import Foundation
import Testing

@testable import Workshop

/// The mutation operators on small snippets: what each makes, and where none is ever made.
@Suite("Mutation operators")
struct MutationOperatorsTests {
    /// Every mutant of `code` (all of its lines), as `kind: mutated line`.
    func mutants(_ code: String) -> [String] {
        let operators = MutationOperators(code)
        return MutantSchema(
            exercise: ExerciseID(chapter: 1, number: 1), files: [("F.swift", operators, operators.sites())]
        )
        .mutants.map { "\($0.kind.rawValue): \($0.mutated)" }
    }

    @Test("a string literal, a comment and a TODO marker are never mutated, whatever operators they hold")
    func neverInStringsOrComments() {
        let code = """
            // TODO(2.1): return a < b && c == 1
            /* if x > 0 { return 1 } */
            let text = "a < b && c == 1 + 2"
            let raw = #"x >= 3 || !y"#
            let block = \"\"\"
                if a < 1 { return }
                \"\"\"
            /// Returns `count + 1`.
            """
        #expect(mutants(code).isEmpty)
    }

    @Test("a comparison's boundary moves both ways, and == and != swap")
    func comparisons() {
        #expect(
            mutants("let a = x < y\nlet b = x >= y\nlet c = x == y\nlet d = x != y")
                == [
                    "boundary: let a = x <= y", "boundary: let b = x > y", "negated comparison: let c = x != y",
                    "negated comparison: let d = x == y",
                ])
    }

    @Test("&& and || swap, a prefix ! is removed, arithmetic and bitwise operators swap")
    func logicAndArithmetic() {
        #expect(
            mutants("let a = p && q || r") == [
                "and/or swapped: let a = p || q || r", "and/or swapped: let a = p && q && r",
            ])
        #expect(mutants("let a = !p") == ["not removed: let a = p"])
        #expect(
            mutants("let a = b + c - d * e / f")
                == [
                    "arithmetic swapped: let a = b - c - d * e / f", "arithmetic swapped: let a = b + c + d * e / f",
                    "arithmetic swapped: let a = b + c - d / e / f", "arithmetic swapped: let a = b + c - d * e * f",
                ])
        #expect(
            mutants("let a = b & c | d << e") == [
                "bitwise swapped: let a = b | c | d << e", "bitwise swapped: let a = b & c & d << e",
                "bitwise swapped: let a = b & c | d >> e",
            ])
    }

    @Test("an integer literal is one more and one less, in its own base and width; zero only one more")
    func offByOne() {
        #expect(MutationOperators.offByOne("50") == ["51", "49"])
        #expect(MutationOperators.offByOne("0") == ["1"])
        #expect(MutationOperators.offByOne("0x7F") == ["0x80", "0x7E"])
        #expect(MutationOperators.offByOne("0x0a") == ["0x0b", "0x09"])
        #expect(MutationOperators.offByOne("0b10") == ["0b11", "0b01"])
        #expect(MutationOperators.offByOne("1_000") == ["1001", "999"])
        #expect(MutationOperators.offByOne("1.5") == nil)
        #expect(MutationOperators.offByOne("1e3") == nil)
        #expect(mutants("let a = [1]") == ["off by one: let a = [2]", "off by one: let a = [0]"])
        #expect(mutants("let a = true") == ["boolean flipped: let a = false"])
    }

    @Test("a guard's boolean clause always holds; a clause that binds is left alone")
    func guards() {
        #expect(
            mutants("guard let x = y, x.isEmpty else { return }") == [
                "guard removed: guard let x = y, true else { return }"
            ])
        #expect(mutants("guard ready else { throw E() }") == ["guard removed: guard true else { throw E() }"])
    }

    @Test("an if whose body leaves is never taken; an if with an else is also negated")
    func ifs() {
        #expect(mutants("if done { return }") == ["early exit removed: if false { return }"])
        #expect(mutants("if done { work() }") == ["branch never taken: if false { work() }"])
        #expect(
            mutants("if a.b { x = 1 } else { x = 2 }")
                .filter { !$0.hasPrefix("off by one") && !$0.hasPrefix("statement") }
                == [
                    "branch never taken: if false { x = 1 } else { x = 2 }",
                    "branches swapped: if !(a.b) { x = 1 } else { x = 2 }",
                ])
        #expect(mutants("if case .a = x { return }").isEmpty)
        #expect(mutants("if let y { return }").isEmpty)
    }

    @Test("a ternary's condition is negated, its results swapped; min and max swap")
    func ternaryAndMinMax() {
        #expect(mutants("let a = ok ? b : c") == ["branches swapped: let a = !ok ? b : c"])
        #expect(mutants("let a = x.y ? b : c") == ["branches swapped: let a = !(x.y) ? b : c"])
        #expect(mutants("let a = min(b, c)") == ["min/max swapped: let a = max(b, c)"])
        #expect(mutants("let a = list.min()").isEmpty)
    }

    @Test("a one-line statement inside a block is removed; a declaration, a return or a continued line is not")
    func statements() {
        let code = """
            func f() {
                count += 1
                lock.unlock()
                let x = g()
                return x
                let y = a
                    .b()
                h(
                    1)
            }
            """
        #expect(
            mutants(code).filter { $0.hasPrefix("statement") } == ["statement removed: ", "statement removed: "])
        #expect(mutants(code).contains("arithmetic swapped: count -= 1"))
    }

    @Test(
        "no mutant inside #if, an attribute's arguments, a tuple's element number, a raw value, a generic or a composition"
    )
    func excluded() {
        let code = """
            #if os(macOS)
            let a = b < c
            #endif
            @available(macOS 15, *)
            func f() -> Int { pair.0 }
            enum E: Int { case one = 1 }
            let g: Array<Int> = []
            let h: any P & Q
            """
        #expect(mutants(code).isEmpty)
    }

    @Test("no - for a + beside a string, and no statement left out that gives a deferred let its value")
    func neverWhatCannotCompile() {
        #expect(mutants("let a = \"x\" + b\nlet c = d + \"y\"").isEmpty)
        let code = """
            func f(c: Bool) {
                let x: Int
                if c {
                    x = 1
                } else {
                    x = 2
                }
                print(x)
            }
            """
        #expect(mutants(code).filter { $0.hasPrefix("statement") } == ["statement removed: "])
    }

    @Test("a mutant is made only on the lines given: the lines a solution adds to its stub")
    func onlyAddedLines() {
        let stub = "func f(_ x: Int) -> Int {\n    // TODO(1.1)\n    return 0\n}\n"
        let solution = "func f(_ x: Int) -> Int {\n    // the answer\n    return x + 1\n}\n"
        let added = MutationTesting.addedLines(stub: stub, solution: solution)
        #expect(added == [2])
        let operators = MutationOperators(solution)
        #expect(operators.sites(onLines: added).count == 2)  // `+`, and the literal
        #expect(operators.sites(onLines: []).isEmpty)
    }

    @Test("the one-line diff joins a statement's lines and leaves comments out")
    func diffLines() {
        let operators = MutationOperators("let a = x < 1 // small\n    && y\n")
        let site = operators.sites().first { $0.shape == .infix("&&") }!
        let diff = operators.diff(of: site.variants[0])
        #expect(diff.line == 1)
        #expect(diff.original == "let a = x < 1 && y")
        #expect(diff.mutated == "let a = x < 1 || y")
    }
}

/// The schema: every mutant in one file, each chosen at run time.
@Suite("Mutant schemata")
struct MutantSchemaTests {
    @Test(
        "a site's change is an operator of the schema's own, declared in the support file with the original's precedence"
    )
    func writesOperators() {
        let operators = MutationOperators(
            "func f(a: Int) -> Bool {\n    guard a > 0 else { return false }\n    return a < 9\n}\n")
        let schema = MutantSchema(
            exercise: ExerciseID(chapter: 2, number: 1), files: [("F.swift", operators, operators.sites())])
        let written = schema.write()
        let text = written.files[0].text
        #expect(text.contains("guard a \(MutantSchema.operatorName(1)) __workshopMutantValue("))
        #expect(text.contains(" \(MutantSchema.operatorName(0)) 0 else"))
        #expect(text.contains("return __workshopMutantValue("))
        #expect(written.support.contains("infix operator \(MutantSchema.operatorName(1)): ComparisonPrecedence"))
        #expect(
            written.support.contains(
                "infix operator \(MutantSchema.operatorName(0)): WorkshopMutantConditionPrecedence"))
        #expect(written.support.contains("hasPrefix(\"2.1:\")"))
        #expect(schema.mutants.map(\.id) == Array(1...schema.mutants.count))
    }

    @Test("a compiler error is put on the literal variant, or the site, whose columns hold it")
    func culprits() throws {
        let operators = MutationOperators("let a: UInt8 = 255\nlet b = c < d\n")
        let schema = MutantSchema(
            exercise: ExerciseID(chapter: 2, number: 1), files: [("F.swift", operators, operators.sites())])
        let file = schema.write().files[0]
        let line1 = file.text.split(separator: "\n")[0]
        let column = try #require(line1.range(of: "256")).lowerBound.utf16Offset(in: line1) + 1
        let error = MutantSchema.CompilerError(path: "F.swift", line: 1, column: column, message: "overflows")
        let culprits = MutantSchema.culprits(of: error, in: file)
        #expect(culprits.count == 1 && culprits[0].site == 0 && culprits[0].variant == 0)
        var dropped = schema
        let changed = dropped.drop(culprits)
        #expect(changed)
        #expect(dropped.mutants.map(\.mutated) == ["let a: UInt8 = 254", "let b = c <= d"])
        let other = MutantSchema.CompilerError(path: "F.swift", line: 2, column: 1, message: "no site holds it")
        #expect(MutantSchema.culprits(of: other, in: file).map(\.site) == [1])
    }

    @Test("a missing value is put on the statements left out before it, in its function")
    func missingValues() {
        let operators = MutationOperators("func f() -> Int {\n    var total = 0\n    total += 1\n    return total\n}\n")
        let schema = MutantSchema(
            exercise: ExerciseID(chapter: 2, number: 1), files: [("F.swift", operators, operators.sites())])
        let statement = schema.files[0].sites.firstIndex { if case .statement = $0.shape { true } else { false } }
        let missing = MutantSchema.CompilerError(
            path: "/x/F.swift", line: 5, column: 1, message: "missing return in global function")
        #expect(schema.statementCulprits(of: missing, path: "F.swift")?.map(\.site) == [statement!])
        let other = MutantSchema.CompilerError(path: "/x/F.swift", line: 5, column: 1, message: "cannot convert")
        #expect(schema.statementCulprits(of: other, path: "F.swift") == nil)
    }

    @Test("compiler errors are read once each, with their place")
    func readsErrors() {
        let output = """
            /x/F.swift:3:14: error: cannot convert
            /x/F.swift:3:14: error: cannot convert
            /x/G.swift:1:1: warning: unused
            """
        #expect(
            MutantSchema.CompilerError.all(in: output)
                == [.init(path: "/x/F.swift", line: 3, column: 14, message: "cannot convert")])
    }
}

/// The mutants file: equivalents with their reasons, and the record of the last run.
@Suite("Mutants files")
struct MutantsFileTests {
    let mutant = Mutant(
        exercise: ExerciseID(chapter: 7, number: 1), id: 4, file: "Premultiply.swift", line: 21,
        kind: .earlyExitRemoved,
        original: "if alpha == 255 { continue }", mutated: "if false { continue }")

    let text = """
        # A comment.

        equivalent: Premultiply.swift
        - if alpha  ==  255 { continue }  // nothing was multiplied
        + if false { continue }
        At alpha 255 unpremultiplying gives every component back:
        (2c × 255 + 255) / 510 = c.

        equivalent: Other.swift
        - a < b
        + a <= b
        """

    @Test("an entry names its mutant by file and diff, token by token: spacing and comments do not matter")
    func parsesEntries() {
        let file = MutantsFile(parsing: text)
        #expect(file.malformed.isEmpty)
        #expect(file.equivalents.count == 2)
        #expect(
            file.equivalents[0].note
                == "At alpha 255 unpremultiplying gives every component back: (2c × 255 + 255) / 510 = c.")
        #expect(file.equivalents[0].names(mutant))
        #expect(!file.equivalents[1].names(mutant))
        #expect(file.equivalents[1].note.isEmpty)
    }

    @Test("a line that is no entry is reported, and an entry without its diff too")
    func malformed() {
        let file = MutantsFile(parsing: "equivalent: F.swift\n- a < b\n\nsomething else\n")
        #expect(file.malformed.count == 2)
    }

    @Test("an unlisted survivor is reported; an entry that names no survivor is stale, killed or no longer made")
    func judges() {
        let file = MutantsFile(parsing: text)
        var other = mutant
        other.id = 5
        other.file = "Other.swift"
        other.original = "a < b"
        other.mutated = "a <= b"
        var unlisted = mutant
        unlisted.id = 6
        unlisted.mutated = "if alpha != 255 { continue }"
        let judged = file.judge(
            mutants: [mutant, other, unlisted], survivors: [4, 6], killedBy: [5: "\"rounds\" failed"])
        #expect(judged.unlisted == [unlisted])
        #expect(judged.stale.map(\.why) == ["now killed (\"rounds\" failed)"])
        let gone = file.judge(mutants: [mutant], survivors: [4], killedBy: [:])
        #expect(gone.stale.count == 1 && gone.stale[0].why.hasPrefix("no longer made"))
    }

    @Test("the record is written after the author's part, which it leaves as it was, and read back")
    func record() {
        var file = MutantsFile(parsing: text)
        let entry = MutantsFile.Entry(
            file: "Premultiply.swift", original: "count += 1", mutated: "",
            note: "Premultiply.swift:9, statement removed, escaped T")
        file.record = .init(hash: "0123456789abcdef", summary: "3 mutants", survived: [entry])
        let written = file.text
        #expect(written.hasPrefix(text))
        #expect(written.contains("survived: Premultiply.swift:9, statement removed, escaped T\n- count += 1\n+\n"))
        let read = MutantsFile(parsing: written)
        #expect(read.record == file.record)
        #expect(read.equivalents == file.equivalents)
        #expect(read.authored.trimmingCharacters(in: .newlines) == text)
    }

    @Test("the hash changes with the tool, the exercise's files and the author's part, not with the record")
    func hash() {
        let tool = ["T.swift": Data("a".utf8)]
        let exercise = ["S.swift": Data("b".utf8)]
        let base = MutantsFile.hash(tool: tool, exercise: exercise, authored: "x")
        #expect(base.count == 16)
        #expect(MutantsFile.hash(tool: ["T.swift": Data("c".utf8)], exercise: exercise, authored: "x") != base)
        #expect(MutantsFile.hash(tool: tool, exercise: ["S.swift": Data("c".utf8)], authored: "x") != base)
        #expect(MutantsFile.hash(tool: tool, exercise: exercise, authored: "y") != base)
        #expect(MutantsFile.hash(tool: tool, exercise: exercise, authored: "x\n\n") == base)
    }
}
