import Foundation

/// One answer test's outcome.
public struct AnswerTestResult: Sendable {
    public var exercise: ExerciseID
    /// The test's name as written, a sentence (`@Test("…")`).
    public var name: String
    /// The first problem it reported, or nil when it passed.
    public var failure: String?
    public var passed: Bool { failure == nil }
}

/// The outcome of one run of answer tests.
public struct AnswerTestReport: Sendable {
    public var results: [AnswerTestResult]
    /// The compiler's error lines when the exercises did not build; empty when they did.
    public var buildErrors: [String]
    /// Compiler warnings about files in `exercises/`.
    public var warnings: [String]

    public var built: Bool { buildErrors.isEmpty }

    public func results(for id: ExerciseID) -> [AnswerTestResult] {
        results.filter { $0.exercise == id }
    }
}

/// Runs answer tests in the exercises package, against the learner's code or the solutions.
public enum AnswerTests {
    public enum Variant: Sendable {
        /// `NN-slug/Sources`: the learner's code, or the untouched stubs on a fresh clone.
        case learner
        /// `NN-slug/Solutions`, selected with `WORKSHOP_SOLUTIONS=1`.
        case solutions
    }

    public static func run(_ selection: ExerciseSelection, variant: Variant, in course: Course) throws -> AnswerTestReport {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("workshop-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }

        var arguments = ["swift", "test", "--package-path", course.exercisesFolder.path, "--filter", filter(for: selection)]
        // Swift Testing's JSON event stream names each test by module and display name, which is
        // what a learner needs to read; the console output alone does not say which module a test
        // belongs to.
        arguments += ["--event-stream-output-path", events.path, "--event-stream-version", "0"]
        var environment: [String: String] = [:]
        if variant == .solutions {
            environment["WORKSHOP_SOLUTIONS"] = "1"
            // A build folder of its own, so that switching between stubs and solutions does not
            // rebuild everything each time.
            arguments += ["--scratch-path", course.exercisesFolder.appendingPathComponent(".build-solutions").path]
        }
        let result = try Shell.run(arguments, in: course.root, environment: environment)
        let stream = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
        let results = EventStream.results(from: stream)
        let lines = result.output.split(separator: "\n").map(String.init)
        // No test ran and swift test failed: the exercises did not build.
        var buildErrors: [String] = []
        if !result.succeeded && results.isEmpty {
            buildErrors = lines.filter { $0.contains("error:") }
            if buildErrors.isEmpty {
                buildErrors = ["swift test failed before any test ran (exit status \(result.status)); the end of its output:"]
                    + lines.suffix(20)
            }
        }
        let warnings = Set(lines.filter { $0.contains("warning:") && $0.contains("/exercises/") })
        return AnswerTestReport(results: results, buildErrors: buildErrors, warnings: warnings.sorted())
    }

    /// The `--filter` regular expression for a selection; test identifiers start with the module.
    static func filter(for selection: ExerciseSelection) -> String {
        switch selection {
        case .all: #"^Chapter\d+Exercise\d+Tests\."#
        case .chapter(let chapter): "^\(ExerciseID.modulePrefix(chapter: chapter))\\d+Tests\\."
        case .exercise(let id): "^\(id.testModuleName)\\."
        }
    }
}

/// Reads Swift Testing's JSON event stream (version 0): one JSON object per line, first a record for
/// each test, then events as the run goes.
enum EventStream {
    private struct Record: Decodable {
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

    static func results(from stream: String) -> [AnswerTestResult] {
        let decoder = JSONDecoder()
        var tests: [(id: String, exercise: ExerciseID, name: String)] = []
        var failures: [String: String] = [:]
        var ended: Set<String> = []
        for line in stream.split(separator: "\n") {
            guard let record = try? decoder.decode(Record.self, from: Data(line.utf8)) else { continue }
            let payload = record.payload
            switch (record.kind, payload.kind) {
            case ("test", "function"):
                guard let id = payload.id, let exercise = exercise(ofTestID: id) else { continue }
                tests.append((id, exercise, payload.displayName ?? payload.name ?? id))
            case ("event", "issueRecorded"):
                guard let testID = payload.testID, payload.issue?.isKnown != true else { continue }
                if failures[testID] == nil {
                    failures[testID] = payload.messages?.map(\.text).joined(separator: "\n") ?? "failed"
                }
            case ("event", "testEnded"):
                if let testID = payload.testID { ended.insert(testID) }
            default:
                continue
            }
        }
        let anyEnded = !ended.isEmpty
        return tests.map { test in
            var failure = failures[test.id]
            if failure == nil && anyEnded && !ended.contains(test.id) {
                // The run stopped before this test finished: the test process crashed.
                failure = "the test did not finish: the test process stopped (a crash?) while it ran"
            }
            return AnswerTestResult(exercise: test.exercise, name: test.name, failure: failure)
        }
    }

    /// `Chapter02Exercise1Tests.Suite/test()/File.swift:3:4` → exercise 2.1.
    static func exercise(ofTestID id: String) -> ExerciseID? {
        let module = id.prefix { $0 != "." }
        guard module.hasPrefix("Chapter"), module.hasSuffix("Tests") else { return nil }
        let numbers = module.dropFirst("Chapter".count).dropLast("Tests".count).components(separatedBy: "Exercise")
        guard numbers.count == 2, let chapter = Int(numbers[0]), let number = Int(numbers[1]) else { return nil }
        return ExerciseID(chapter: chapter, number: number)
    }
}
