import Foundation

/// Every test of a chapter is in exactly one stage, and every test a stage names exists: the check
/// that keeps the stage files honest as tests are added, renamed and removed. It reads the test
/// sources, so it needs no build; `rebuild verify` also compares the stages with the tests the
/// built test target really has.
package enum StageCoverage {
    /// What is wrong with `chapter`'s stage file, each problem with the file and line to fix.
    package static func problems(for chapter: RebuildChapter, course: Course) throws -> [String] {
        let stagesPath = course.relative(chapter.stagesFile)
        guard let text = try? String(contentsOf: chapter.stagesFile, encoding: .utf8) else {
            return [
                "\(stagesPath) is missing: every test of chapter \(chapter.number) must be in a stage "
                    + "(write one in the format of Tests/02-QueryStringsTests/\(RebuildChapter.stagesFileName))"
            ]
        }
        let (plan, parseProblems) = StagePlan.parse(text)
        let declared = try TestSourceScanner.tests(inFolder: chapter.testsFolder)
        return parseProblems.map { "\(stagesPath): \($0)" }
            + compare(plan: plan, declared: declared, chapter: chapter, course: course)
            + (try testableImports(in: chapter, course: course))
    }

    /// A starter holds the module's public and package declarations, nothing internal, so a test
    /// that reaches internals through `@testable import` could never compile against it.
    static func testableImports(in chapter: RebuildChapter, course: Course) throws -> [String] {
        let files =
            (FileManager.default.enumerator(at: chapter.testsFolder, includingPropertiesForKeys: nil)?.allObjects
            as? [URL] ?? [])
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        return try files.compactMap { file in
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            guard
                let index = lines.firstIndex(where: {
                    $0.trimmingCharacters(in: .whitespaces) == "@testable import \(chapter.module)"
                })
            else { return nil }
            return
                "\(course.relative(file)):\(index + 1): `@testable import \(chapter.module)`: a rebuilt module has only the public and package "
                + "declarations of the course's, so make what this test uses `package` and import the module plainly"
        }
    }

    static func compare(plan: StagePlan, declared: [DeclaredTest], chapter: RebuildChapter, course: Course) -> [String]
    {
        let stagesPath = course.relative(chapter.stagesFile)
        let staged = Set(plan.stages.flatMap(\.tests))
        let known = Set(declared.map(\.key))
        var problems: [String] = []
        for test in declared where !staged.contains(test.key) {
            let sentence = test.displayName.map { " (\"\($0)\")" } ?? ""
            problems.append(
                "\(course.relative(test.file)):\(test.line): the test \(test.key)\(sentence) is in no stage of chapter \(chapter.number): "
                    + "add the line `- \(test.key)` under the stage it belongs to in \(stagesPath)")
        }
        for stage in plan.stages {
            for test in stage.tests where !known.contains(test) {
                let line = stage.lines[test].map { ":\($0)" } ?? ""
                problems.append(
                    "\(stagesPath)\(line): stage \(stage.number) names \(test), but no @Test function in "
                        + "\(course.relative(chapter.testsFolder)) has that suite and name: correct the line or remove it"
                )
            }
        }
        return problems
    }
}
