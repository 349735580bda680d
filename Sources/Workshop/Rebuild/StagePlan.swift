import Foundation

/// A chapter's tests in ordered stages, read from the stage file next to the tests
/// (`Tests/NN-NameTests/stages.md`):
///
///     ## Stage 1: Flat parameters
///
///     What to build for this stage, in a sentence or a short paragraph.
///
///     - QueryStringPairsTests/flat
///     - QueryStringPairsTests/numbers
///
/// A test is named by its suite and function (`Suite/function`, `Outer/Inner/function` in a nested
/// suite, `function` for a test outside any suite), as `swift test list` prints it without the
/// module and the arguments.
package struct StagePlan: Sendable, Equatable {
    package struct Stage: Sendable, Equatable {
        package var number: Int
        package var title: String
        package var brief: String
        package var tests: [String]
        /// Where each test is named, for problems: the stage file's line.
        var lines: [String: Int] = [:]
    }

    package var stages: [Stage]

    /// The stages 1 to `last`.
    package func stages(through last: Int) -> [Stage] { stages.filter { $0.number <= last } }

    /// The stage that names `test`.
    package func stage(of test: String) -> Stage? { stages.first { $0.tests.contains(test) } }

    /// Reads a stage file; `problems` says what is wrong with it, with line numbers.
    package static func parse(_ text: String) -> (plan: StagePlan, problems: [String]) {
        var stages: [Stage] = []
        var problems: [String] = []
        var firstLine: [String: (stage: Int, line: Int)] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if line.hasPrefix("## ") {
                guard let stage = stageHeading(line.dropFirst(3)) else {
                    problems.append("line \(number): a heading must read '## Stage N: Title'")
                    continue
                }
                if stage.number != stages.count + 1 {
                    problems.append(
                        "line \(number): stage \(stage.number) comes where stage \(stages.count + 1) should")
                }
                stages.append(Stage(number: stage.number, title: stage.title, brief: "", tests: []))
            } else if line.hasPrefix("- "), !stages.isEmpty {
                let name = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
                let test = String(name.prefix { $0 != "(" })
                guard !test.isEmpty, !test.contains(" "), test.first != "/", test.last != "/" else {
                    problems.append("line \(number): '\(name)' is not a test's name like Suite/function")
                    continue
                }
                if let earlier = firstLine[test] {
                    problems.append(
                        "line \(number): \(test) is already in stage \(earlier.stage) (line \(earlier.line)); a test belongs to one stage"
                    )
                    continue
                }
                firstLine[test] = (stages.count, number)
                stages[stages.count - 1].tests.append(test)
                stages[stages.count - 1].lines[test] = number
            } else if !line.isEmpty, !stages.isEmpty {
                if !stages[stages.count - 1].tests.isEmpty {
                    problems.append("line \(number): text after a stage's tests; put the brief above them")
                    continue
                }
                let brief = stages[stages.count - 1].brief
                stages[stages.count - 1].brief = brief.isEmpty ? line : brief + "\n" + line
            }
        }
        if stages.isEmpty { problems.append("no '## Stage 1: Title' heading") }
        for stage in stages {
            if stage.tests.isEmpty { problems.append("stage \(stage.number) names no test") }
            if stage.brief.isEmpty {
                problems.append("stage \(stage.number) has no brief: say in a sentence what to build")
            }
        }
        return (StagePlan(stages: stages), problems)
    }

    /// `Stage 3: Title` → (3, "Title").
    private static func stageHeading(_ text: Substring) -> (number: Int, title: String)? {
        guard text.hasPrefix("Stage "), let colon = text.firstIndex(of: ":"),
            let number = Int(
                text[text.index(text.startIndex, offsetBy: 6)..<colon].trimmingCharacters(in: .whitespaces))
        else { return nil }
        let title = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : (number, title)
    }

    /// The chapter's plan, or an error that says what is wrong with its file.
    package static func load(for chapter: RebuildChapter, course: Course) throws -> StagePlan {
        let file = chapter.stagesFile
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw WorkshopError(
                "\(course.relative(file)) is missing: chapter \(chapter.number)'s tests have no stages yet")
        }
        let (plan, problems) = parse(text)
        guard problems.isEmpty else {
            throw WorkshopError(
                "\(course.relative(file)) has problems:\n" + problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        return plan
    }
}
