import Foundation

/// A classic wrong answer to an exercise, kept as a small patch against its reference solution:
/// `exercises/NN-slug/KnownBad/N.k-name/<slug>.patch`. The lines before the diff name the mistake in
/// a sentence, so that the folder reads as "the mistakes this exercise catches"; `workshop verify`
/// proves that every attempt fails at least one answer test.
///
/// A patch rather than a copy: a copy of a solution with one line changed would be a twin that
/// drifts from the solution unseen, where a patch that no longer applies says so.
package struct KnownBadAttempt: Sendable, Equatable {
    package var exercise: ExerciseID
    /// The file's name without `.patch`, e.g. `unsorted-keys`.
    package var slug: String
    package var patch: URL
    /// The text before the diff: what the mistake is. Empty when the patch has none.
    package var mistake: String

    /// The attempts of `exercise`, in the order of their file names; none when it has no folder.
    package static func attempts(of exercise: ExerciseGuide) throws -> [KnownBadAttempt] {
        guard let folder = exercise.knownBadFolder else { return [] }
        return try contents(of: folder).filter { $0.pathExtension == "patch" }.map { patch in
            KnownBadAttempt(
                exercise: exercise.id, slug: patch.deletingPathExtension().lastPathComponent, patch: patch,
                mistake: mistake(inPatch: try String(contentsOf: patch, encoding: .utf8)))
        }
    }

    /// The lines before the diff, joined: `git apply` and `patch` skip them.
    static func mistake(inPatch text: String) -> String {
        let header = text.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.hasPrefix("diff ") && !$0.hasPrefix("--- ") }
        return header.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// Runs every known-bad attempt against its exercise's answer tests, a round at a time: round r
/// builds the r-th attempt of every exercise that has one, all at once, so that CI pays one build
/// and one test run per round instead of one per attempt.
///
/// An attempt is materialized in `exercises/.workshop/known-bad/NN-slug/N.k-name` (the solution's
/// files, patched), and the exercises package builds it from there: `WORKSHOP_VARIANT_ROOT` names
/// that folder to the manifest, and SwiftPM wants a target's files inside its package.
struct KnownBadRounds {
    let course: Course
    var progress: (String) -> Void = { _ in }
    /// Called with each attempt that is caught and the tests it fails, for `verify --show-known-bad`.
    var caught: (KnownBadAttempt, [AnswerTestResult]) -> Void = { _, _ in }

    /// Where the attempts of the current round are built from, relative to the exercises package.
    static let variantRoot = ".workshop/known-bad"

    var root: URL { course.exercisesFolder.appendingPathComponent(Self.variantRoot) }

    /// The rounds: round r holds the r-th attempt of each exercise that has at least r + 1.
    static func rounds(_ attempts: [[KnownBadAttempt]]) -> [[KnownBadAttempt]] {
        let count = attempts.map(\.count).max() ?? 0
        return (0..<count).map { round in attempts.compactMap { $0.count > round ? $0[round] : nil } }
    }

    /// The problems of every attempt of `exercises`: a patch that no longer applies, an attempt that
    /// does not compile, one that passes every answer test, one whose failure `check` would cut.
    func run(_ exercises: [ExerciseGuide]) throws -> [String] {
        let rounds = Self.rounds(try exercises.map(KnownBadAttempt.attempts))
        var problems: [String] = []
        for (index, round) in rounds.enumerated() {
            progress(
                "known-bad attempts, round \(index + 1) of \(rounds.count): \(round.map(\.exercise.description).joined(separator: ", "))"
            )
            var ready: [ExerciseID: KnownBadAttempt] = [:]
            for attempt in round {
                guard let exercise = exercises.first(where: { $0.id == attempt.exercise }) else { continue }
                if let problem = try materialize(attempt, of: exercise) {
                    problems.append(problem)
                } else {
                    ready[attempt.exercise] = attempt
                }
            }
            problems += try judge(ready)
        }
        return problems
    }

    // MARK: Materializing

    /// Writes the solution, patched, where the manifest will look for it. Files whose text did not
    /// change keep their date, so that a second run rebuilds only what differs. Returns a problem
    /// when the patch does not apply.
    func materialize(_ attempt: KnownBadAttempt, of exercise: ExerciseGuide) throws -> String? {
        guard let solution = exercise.solutionFolder, let folderName = exercise.folderName else {
            return "\(attempt.exercise): known-bad attempt '\(attempt.slug)' has no solution to apply to"
        }
        // The patch is applied in a scratch folder outside the course, so that git treats the
        // folder as a plain directory and not as part of the course's repository.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workshop-known-bad-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(
            at: scratch.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: solution, to: scratch)
        let apply = try Shell.run(
            ["git", "apply", "--whitespace=nowarn", attempt.patch.path], in: scratch,
            environment: ["GIT_CEILING_DIRECTORIES": scratch.deletingLastPathComponent().path])
        guard apply.succeeded else {
            return "\(attempt.exercise): known-bad attempt \(course.relative(attempt.patch)) no longer applies to "
                + "\(course.relative(solution)):\n"
                + indent(apply.output.trimmingCharacters(in: .whitespacesAndNewlines), by: 4)
                + "\n  make the mistake again in the solution and write the patch anew "
                + "(CONTRIBUTING.md, \"Known-bad attempts\")"
        }
        try FileTree.synchronize(
            root.appendingPathComponent("\(exercise.chapterFolder.lastPathComponent)/\(folderName)"), with: scratch)
        return nil
    }

    // MARK: Judging

    /// Builds the materialized attempts and runs their answer tests, one test at a time (a wrong
    /// answer may well crash). When one attempt crashes the test process, the exercises it stopped
    /// before they failed run again, together, without it; when one does not compile, the others
    /// run again without it.
    func judge(_ attempts: [ExerciseID: KnownBadAttempt]) throws -> [String] {
        var pending = Set(attempts.keys)
        var problems: [String] = []
        var retried = false
        while !pending.isEmpty {
            let report = try AnswerTests.run(
                .exercises(pending.sorted()), variant: .folder(Self.variantRoot), in: course, oneTestAtATime: true)
            let verdicts = Self.verdicts(report, attempts: attempts.filter { pending.contains($0.key) })
            problems += verdicts.problems
            for (id, failures) in verdicts.caught.sorted(by: { $0.key < $1.key }) {
                if let attempt = attempts[id] { caught(attempt, failures) }
            }
            let settled = verdicts.settled
            // Nothing settled (a build error outside any attempt, a crash with no culprit, every
            // test only stopped by another's crash): one more run may settle them, a second
            // would give the same answer. An attempt left unjudged is a problem, never a pass.
            guard !settled.isEmpty else {
                if !retried && report.built {
                    retried = true
                    continue
                }
                if report.built {
                    problems += pending.sorted().compactMap { id in attempts[id] }.map { attempt in
                        "\(attempt.exercise): known-bad attempt '\(attempt.slug)' could not be judged: its tests were stopped twice "
                            + "before they finished" + (report.processFailure.map { " (\($0))" } ?? "")
                    }
                }
                break
            }
            retried = false
            pending.subtract(settled)
        }
        return problems
    }

    /// What one run says about each attempt in it: the exercises it settles, and the problems found.
    /// An exercise is caught when one of its tests failed by itself (a crash included), not merely
    /// stopped by another exercise's crash; it is unsettled when its tests were only stopped.
    static func verdicts(
        _ report: AnswerTestReport, attempts: [ExerciseID: KnownBadAttempt]
    ) -> (settled: Set<ExerciseID>, problems: [String], caught: [ExerciseID: [AnswerTestResult]]) {
        var settled = Set<ExerciseID>()
        var problems: [String] = []
        var caught: [ExerciseID: [AnswerTestResult]] = [:]
        if !report.built {
            for (id, attempt) in attempts {
                // Errors name files relative to the exercises package: `.workshop/known-bad/02-…/2.1-predict/…`.
                let errors = report.buildErrors.filter { $0.contains("\(variantRoot)/") && $0.contains("/\(id)-") }
                guard !errors.isEmpty else { continue }
                settled.insert(id)
                problems.append(
                    "\(id): known-bad attempt '\(attempt.slug)' does not compile, so it proves nothing; a wrong answer must build:\n"
                        + errors.prefix(5).map { "    \($0)" }.joined(separator: "\n"))
            }
            if settled.isEmpty {
                problems.append(
                    "the exercises package does not build with the known-bad attempts of \(attempts.keys.sorted().map(\.description).joined(separator: ", ")):\n"
                        + report.buildErrors.prefix(20).map { "    \($0)" }.joined(separator: "\n"))
            }
            return (settled, problems, caught)
        }
        for (id, attempt) in attempts.sorted(by: { $0.key < $1.key }) {
            let results = report.results(for: id)
            let failed = results.filter { !$0.passed && !$0.interrupted }
            if !failed.isEmpty {
                settled.insert(id)
                caught[id] = failed
                for result in failed where (result.failure ?? "").count > Check.messageLimit {
                    problems.append(
                        "\(id): known-bad attempt '\(attempt.slug)' fails \"\(result.name)\" with a message of "
                            + "\((result.failure ?? "").count) characters, and `check` shows only the first \(Check.messageLimit): "
                            + "report the first few mismatches and a count instead")
                }
            } else if !results.contains(where: \.interrupted) {
                settled.insert(id)
                let what = results.isEmpty ? "runs no answer test" : "passes every answer test"
                problems.append(
                    "\(id): known-bad attempt '\(attempt.slug)' (\(attempt.mistake.isEmpty ? "no mistake named" : attempt.mistake)) "
                        + "\(what); add a test that catches this mistake, with a message that shows it"
                        + (report.processFailure.map { "\n  (\($0))" } ?? ""))
            }
        }
        return (settled, problems, caught)
    }
}
