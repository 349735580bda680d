import Foundation

/// Reads Swift Testing's JSON event stream (version 0): one JSON object per line, first a record for
/// each test, then events as the run goes.
///
/// A test has passed only when the stream says it ended and recorded no issue. Anything less is not
/// a pass: a test that started and never ended was running when the test process died, and a test
/// that never started was never tried. (An earlier version counted every test without an issue as
/// passed, so a stub that trapped on its first line "passed".)
enum EventStream {
    /// What the stream says about one test function.
    struct TestRecord: Equatable {
        /// `Chapter07Exercise1Tests.PremultiplyTests/roundsToNearest()/PremultiplyTests.swift:29:6`.
        var id: String
        /// The test target: `Chapter07Exercise1Tests` for an answer test, `QueryStringsTests` for a
        /// chapter's own test.
        var module: String
        /// The sentence the test is named with (`@Test("…")`).
        var displayName: String
        var started = false
        var ended = false
        var skipped = false
        /// Every line of the first issue it recorded, or nil.
        var issue: String?

        /// `PremultiplyTests.roundsToNearest(`: how the test's function appears in a backtrace
        /// when a suite type holds it.
        var backtraceSymbol: String {
            let parts = id.split(separator: "/")
            let owner = parts.count > 2 ? String(parts[parts.count - 3]) : ""
            return "\(owner.split(separator: ".").last ?? "").\(functionName)("
        }

        /// `roundsToNearest`. A free function's id has no suite: `Module.wraps()/File.swift:3:2`.
        var functionName: String {
            let parts = id.split(separator: "/")
            guard parts.count > 1 else { return "" }
            let function = parts[parts.count - 2].prefix { $0 != "(" }
            return String(function.split(separator: ".").last ?? function)
        }

        /// The answer test's exercise; nil for a chapter's own test.
        var exercise: ExerciseID? { EventStream.exercise(ofModule: module) }

        /// `Suite/function` (`Outer/Inner/function` in a nested suite, `function` for a free
        /// function): how a stage file names the test.
        var key: String {
            String(id.dropFirst(module.count + 1).prefix { $0 != "(" })
        }

        /// Whether a backtrace frame is this test's function: by its suite and name, or, for a test
        /// written as a free function, by its name in a file of its own `Tests` folder.
        func isNamed(in frame: String) -> Bool {
            if frame.contains(backtraceSymbol) { return true }
            let folder = exercise.map { "/Tests/\($0)-" } ?? "-\(module)/"
            return frame.contains(" \(functionName)(") && frame.contains(folder)
        }
    }

    private struct Line: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Payload: Decodable {
        var kind: String
        var id: String?
        var name: String?
        var displayName: String?
        var testID: String?
        var messages: [Message]?
        var issue: Issue?
    }

    private struct Message: Decodable {
        var symbol: String?
        var text: String
    }

    private struct Issue: Decodable {
        var isKnown: Bool?
    }

    /// Every test function the stream lists whose module `accepts` (by default, the exercises'
    /// answer tests), in the stream's order.
    static func records(from stream: String, accepting accepts: (String) -> Bool = { exercise(ofModule: $0) != nil })
        -> [TestRecord]
    {
        let decoder = JSONDecoder()
        var records: [TestRecord] = []
        var index: [String: Int] = [:]
        for text in stream.split(separator: "\n") {
            guard let line = try? decoder.decode(Line.self, from: Data(text.utf8)) else { continue }
            let payload = line.payload
            if line.kind == "test" {
                let module = String(payload.id?.prefix { $0 != "." } ?? "")
                guard payload.kind == "function", let id = payload.id, accepts(module) else { continue }
                index[id] = records.count
                records.append(
                    TestRecord(id: id, module: module, displayName: payload.displayName ?? payload.name ?? id))
                continue
            }
            guard line.kind == "event", let testID = payload.testID, let i = index[testID] else { continue }
            switch payload.kind {
            case "testStarted": records[i].started = true
            case "testEnded": records[i].ended = true
            case "testSkipped": records[i].skipped = true
            case "issueRecorded" where payload.issue?.isKnown != true && records[i].issue == nil:
                records[i].issue = payload.messages?.map(\.text).joined(separator: "\n") ?? "failed"
            default: continue
            }
        }
        return records
    }

    /// `Chapter02Exercise1Tests.Suite/test()/File.swift:3:4` → exercise 2.1.
    static func exercise(ofTestID id: String) -> ExerciseID? {
        exercise(ofModule: String(id.prefix { $0 != "." }))
    }

    /// `Chapter02Exercise1Tests` → exercise 2.1; nil for any other module.
    static func exercise(ofModule module: String) -> ExerciseID? {
        guard module.hasPrefix("Chapter"), module.hasSuffix("Tests") else { return nil }
        let numbers = module.dropFirst("Chapter".count).dropLast("Tests".count).components(separatedBy: "Exercise")
        guard numbers.count == 2, let chapter = Int(numbers[0]), let number = Int(numbers[1]) else { return nil }
        return ExerciseID(chapter: chapter, number: number)
    }
}
