import Foundation

/// The authors' and CI's proof that every exercise works as a lesson:
///
/// 1. every exercise has a stub with its `TODO(N.k)` marker, at least two hints, a solution and
///    answer tests, and the exercises package builds each one as its own module with its own tests;
/// 2. on the reference solutions, every answer test passes;
/// 3. on the untouched stubs, which must compile, every answer test fails;
/// 4. every known-bad attempt (a classic wrong answer, kept as a patch against the solution: see
///    `KnownBadAttempt`) applies, compiles, and fails at least one answer test with a message that
///    `check` shows whole;
/// 5. no solution is mostly code its chapter prints (`CopyCheck`).
///
/// Isolation ("an unfinished exercise cannot break another exercise's tests") is checked from the
/// package's structure: each answer-test target may depend on its own exercise module only.
package struct Verifier {
    package let course: Course
    /// The exercises whose answer tests run; the structure is always checked for every exercise.
    package var selection: ExerciseSelection = .all
    /// Called with each step's title as it starts, so a long run shows where it is.
    package var progress: (String) -> Void = { _ in }
    /// Called with each known-bad attempt that is caught, and the answer tests it fails.
    package var knownBadCaught: (KnownBadAttempt, [AnswerTestResult]) -> Void = { _, _ in }

    package init(course: Course) { self.course = course }

    package func run() throws -> [String] {
        let all = try course.exercises()
        guard !all.isEmpty else {
            return ["no exercises found: each exercises/NN-slug/README.md needs '## Exercise N.k: Title' sections"]
        }
        let exercises = all.filter { selection.contains($0.id) }
        guard !exercises.isEmpty else { return ["no exercise matches '\(selection.manifestValue)'"] }

        progress("structure of \(all.count) exercises")
        var problems = all.flatMap(structureProblems)
        problems += try orphanFolders(known: all)
        problems += try manifestProblems(for: all)
        problems += stubEdits()
        guard problems.isEmpty else { return problems }
        let chosen = self.selection == .all ? ExerciseSelection.all : .exercises(exercises.map(\.id))

        progress("copies: what each solution adds, against its chapter's code")
        let copies = try CopyCheck(course: course).problems(for: exercises)

        progress("answer tests on the reference solutions")
        let solutions = try AnswerTests.runIsolatingCrashes(chosen, variant: .solutions, in: course)
        problems += buildProblems(solutions, what: "the reference solutions")
        if let failure = solutions.processFailure {
            problems.append("the reference solutions' test run failed: \(failure)")
        }
        for exercise in exercises {
            let results = solutions.results(for: exercise.id)
            if solutions.built && results.isEmpty {
                problems.append(
                    "\(exercise.id): no answer test ran; add @Test functions to \(path(exercise.testsFolder))")
            }
            for result in results where !result.passed {
                problems.append(
                    "\(exercise.id): \"\(result.name)\" fails on the reference solution: \(result.failure ?? "")")
            }
        }

        progress("answer tests on the untouched stubs")
        let stubs = try AnswerTests.runIsolatingCrashes(chosen, variant: .stubs, in: course)
        problems += buildProblems(stubs, what: "the untouched stubs (stubs must compile)")
        for result in stubs.results where result.passed {
            problems.append(
                "\(result.exercise): \"\(result.name)\" passes on the untouched stub; a test must fail until the exercise is done (test for something the stub does not do)"
            )
        }
        let solutionNames = Set(solutions.results.map { "\($0.exercise) \($0.name)" })
        let stubNames = Set(stubs.results.map { "\($0.exercise) \($0.name)" })
        if solutions.built && stubs.built && solutionNames != stubNames {
            problems.append(
                "the stubs and the solutions ran different tests: \(solutionNames.symmetricDifference(stubNames).sorted())"
            )
        }

        // A wrong answer derived from a solution that fails proves nothing.
        var rounds = KnownBadRounds(course: course)
        rounds.progress = progress
        rounds.caught = knownBadCaught
        problems += try rounds.run(exercises.filter { solutions.passed($0.id) })
        return problems + copies
    }

    // MARK: The checks

    func structureProblems(of exercise: ExerciseGuide) -> [String] {
        let id = exercise.id
        guard let stub = exercise.stubFolder, let solution = exercise.solutionFolder, let tests = exercise.testsFolder
        else {
            return [
                "\(id): README.md describes it, but there is no folder \(id)-<name> in \(path(exercise.chapterFolder))/Sources"
            ]
        }
        var problems: [String] = []
        if exercise.hints.count < 2 {
            problems.append("\(id): \(exercise.hints.count) hint(s) in README.md; give at least two, a question first")
        }
        for (folder, role) in [(solution, "a reference solution"), (tests, "answer tests")]
        where swiftFiles(in: folder).isEmpty {
            problems.append("\(id): \(path(folder)) should hold \(role)")
        }
        let marker = "TODO(\(id))"
        if !swiftFiles(in: stub).contains(where: { $0.text.contains(marker) }) {
            problems.append("\(id): no '\(marker)' marker in \(path(stub)); mark the place the learner edits")
        }
        for file in swiftFiles(in: solution) where file.text.contains(marker) {
            problems.append("\(id): the solution \(path(file.url)) still holds '\(marker)'")
        }
        return problems + knownBadProblems(of: exercise)
    }

    /// A known-bad folder holds patches only, each naming its mistake before its diff.
    func knownBadProblems(of exercise: ExerciseGuide) -> [String] {
        guard let folder = exercise.knownBadFolder, let files = try? contents(of: folder),
            files.contains(where: { $0.pathExtension == "patch" })
        else {
            return [
                "\(exercise.id): no known-bad attempt; add the classic wrong answer this exercise is about, as a patch against the solution in KnownBad/\(exercise.stubFolder?.lastPathComponent ?? "\(exercise.id)")/ (see CONTRIBUTING.md, 'Known-bad attempts')"
            ]
        }
        var problems = files.filter { $0.pathExtension != "patch" }.map { file in
            "\(exercise.id): \(path(file)) is not a .patch; a known-bad folder holds one patch per wrong answer"
        }
        for attempt in (try? KnownBadAttempt.attempts(of: exercise)) ?? [] where attempt.mistake.isEmpty {
            problems.append(
                "\(exercise.id): \(path(attempt.patch)) names no mistake; begin it with a sentence that says what is wrong, before the diff"
            )
        }
        return problems
    }

    /// Exercise folders that no README section describes, and known-bad folders of no exercise.
    func orphanFolders(known: [ExerciseGuide]) throws -> [String] {
        let described = Set(known.compactMap { $0.stubFolder?.standardizedFileURL.path })
        let attempted = Set(known.compactMap { $0.knownBadFolder?.standardizedFileURL.path })
        var problems: [String] = []
        for chapter in try contents(of: course.exercisesFolder)
        where chapter.lastPathComponent.first?.isNumber == true && isDirectory(chapter) {
            for folder in try contents(of: chapter.appendingPathComponent("Sources"))
            where !described.contains(folder.standardizedFileURL.path) {
                problems.append(
                    "\(path(folder)) is described by no '## Exercise N.k: Title' section in \(path(chapter))/README.md")
            }
            for folder in try contents(of: chapter.appendingPathComponent("KnownBad"))
            where !attempted.contains(folder.standardizedFileURL.path) {
                problems.append(
                    "\(path(folder)) belongs to no exercise; name it after the exercise's folder in Sources")
            }
        }
        return problems
    }

    /// Every exercise is a target built from its folder, with an answer-test target that depends on
    /// that target alone. Read from `swift package describe`, i.e. from what SwiftPM actually builds.
    func manifestProblems(for exercises: [ExerciseGuide]) throws -> [String] {
        let result = try Shell.run(
            ["swift", "package", "--package-path", course.exercisesFolder.path, "describe", "--type", "json"],
            in: course.root)
        guard result.succeeded, let json = result.output.firstIndex(of: "{"),
            let description = try? JSONDecoder().decode(
                PackageDescription.self, from: Data(result.output[json...].utf8))
        else {
            return [
                "exercises/Package.swift could not be read by `swift package describe`:\n\(result.output.suffix(2000))"
            ]
        }
        let targets = Dictionary(description.targets.map { ($0.name, $0) }) { first, _ in first }
        var problems: [String] = []
        for exercise in exercises {
            guard let folder = exercise.folderName else { continue }
            let module = exercise.id.moduleName
            let tests = exercise.id.testModuleName
            if targets[module]?.path.hasSuffix("Sources/\(folder)") != true {
                problems.append(
                    "\(exercise.id): exercises/Package.swift has no target \(module) built from Sources/\(folder); add Exercise(…, folder: \"\(folder)\", …) to its list"
                )
            }
            if let testTarget = targets[tests] {
                let others = (testTarget.targetDependencies ?? []).filter { $0 != module }
                if !others.isEmpty {
                    problems.append(
                        "\(exercise.id): \(tests) depends on \(others); answer tests may depend on their own exercise only"
                    )
                }
            } else {
                problems.append("\(exercise.id): exercises/Package.swift has no test target \(tests)")
            }
        }
        return problems
    }

    /// Verify proves that the untouched stubs fail; edited stubs would prove nothing.
    func stubEdits() -> [String] {
        guard let result = try? Shell.run(["git", "status", "--porcelain", "--", "exercises"], in: course.root),
            result.succeeded
        else { return [] }  // not a git checkout: nothing to compare with
        let edited = result.output.split(separator: "\n").filter { line in
            let path = line.split(separator: "/")
            return path.count > 2 && path[2] == "Sources"  // exercises/NN-slug/Sources/…
        }
        guard !edited.isEmpty else { return [] }
        return [
            "the stubs have local changes, and verify must see them untouched:\n"
                + edited.map { "    \($0)" }.joined(separator: "\n")
                + "\n  commit them if they are the new stubs, or set your work aside with `git stash push -- exercises` and run verify again"
        ]
    }

    func buildProblems(_ report: AnswerTestReport, what: String) -> [String] {
        var problems = report.warnings.map { "compiler warning in \(what): \($0)" }
        if !report.built {
            problems.append(
                "the exercises package does not build with \(what):\n"
                    + report.buildErrors.prefix(20).map { "    \($0)" }.joined(separator: "\n"))
        }
        return problems
    }

    // MARK: Helpers

    private struct PackageDescription: Decodable {
        struct Target: Decodable {
            var name: String
            var path: String
            var targetDependencies: [String]?

            // `swift package describe --type json` spells its keys in snake case.
            enum CodingKeys: String, CodingKey {
                case name, path
                case targetDependencies = "target_dependencies"
            }
        }
        var targets: [Target]
    }

    private func swiftFiles(in folder: URL) -> [(url: URL, text: String)] {
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "swift" }.compactMap { url in
            (try? String(contentsOf: url, encoding: .utf8)).map { (url, $0) }
        }
    }

    private func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }

    private func path(_ url: URL?) -> String { url.map(course.relative) ?? "?" }
}
