import Foundation

/// The authors' and CI's proof that the rebuild track works, for every chapter with a module:
///
/// 1. its stage file covers its tests: each test in exactly one stage, each named test real (read
///    from the sources, then compared with what the built test target lists);
/// 2. the course's own module passes every stage through the rebuild path (the generated package,
///    the filters, the verdicts), so the path is sound;
/// 3. every wrong module of the chapter (`Tests/NN-NameTests/WrongModules`) fails a stage, so the
///    suite catches each mistake it claims to (see `WrongModuleProof`);
/// 4. the starter generated from the course's module compiles and fails stage 1, so it is a real
///    starting point.
///
/// One package in `.build/rebuild-verify` serves every chapter. Step 2 builds every chapter's
/// module and tests once. Steps 3 and 4 take the chapters from the last to the first, so that
/// replacing chapter N's module by a wrong one or by its starter only rebuilds that module and
/// chapter N's tests: the chapters that depend on N are out of the package by then.
package struct RebuildVerifier {
    package let course: Course
    /// Called with each step's title as it starts.
    package var progress: (String) -> Void = { _ in }
    package var onOutput: (@Sendable (String) -> Void)?
    /// Called with each wrong module caught, for `--show-wrong-modules`.
    package var caught: (WrongModuleCatch) -> Void = { _ in }
    /// Only the wrong modules with these names (file names without `.patch`), and no starters:
    /// for an author working on one. Nil: every wrong module, and every starter.
    package var onlyWrongModules: Set<String>?
    /// Whether each wrong module's recorded stage (`CaughtStages`) runs first: on by default (CI);
    /// off for `--show-wrong-modules`, which names the first stage a learner would see fail.
    package var runsCaughtStageFirst = true

    /// Where the rebuild package is built, relative to the course: `.build/rebuild-verify` by
    /// default. Two verifiers with folders of their own can run at once on different chapters
    /// (CI does: much of a wrong module's time is a test waiting, not a processor working).
    package var folder = ".build/rebuild-verify"

    package init(course: Course) { self.course = course }

    var workspace: RebuildWorkspace {
        RebuildWorkspace(course: course, folder: course.root.appendingPathComponent(folder))
    }

    /// Verifies the chapters numbered `only` (every chapter when empty); returns the problems.
    package func run(only: [Int] = []) throws -> [String] {
        let chapters = try RebuildChapter.all(in: course).filter { only.isEmpty || only.contains($0.number) }
        guard !chapters.isEmpty else {
            return ["no chapter to verify: a chapter needs Sources/NN-Name and Tests/NN-NameTests"]
        }
        progress(
            "reading the stage files of chapter\(chapters.count == 1 ? "" : "s") \(chapters.map { String($0.number) }.joined(separator: ", "))"
        )
        var problems = try chapters.flatMap { try StageCoverage.problems(for: $0, course: course) }
        guard problems.isEmpty else { return problems }
        let plans = try Dictionary(
            uniqueKeysWithValues: chapters.map { ($0.number, try StagePlan.load(for: $0, course: course)) })
        let manifest = try CourseManifest.load(packageAt: course.root)
        problems = chapters.compactMap { chapter in
            guard let target = manifest.target(named: chapter.testTarget) else {
                return
                    "Package.swift has no test target \(chapter.testTarget) for \(course.relative(chapter.testsFolder))"
            }
            let wanted =
                [RebuildChapter.stagesFileName]
                + (FileManager.default.fileExists(
                    atPath: chapter.testsFolder.appendingPathComponent(WrongModule.folderName).path)
                    ? [WrongModule.folderName] : [])
            let missing = wanted.filter { !target.exclude.contains($0) }
            return missing.isEmpty
                ? nil
                : "Package.swift: add `exclude: [\(missing.map { "\"\($0)\"" }.joined(separator: ", "))]` to the test target \(chapter.testTarget), "
                    + "so that SwiftPM does not warn about its stage file and wrong modules"
        }
        guard problems.isEmpty else { return problems }
        let package = workspace.package

        progress("building every chapter's module and tests in the rebuild package")
        let everything = manifest.closure(of: chapters.map(\.testTarget))
        try package.prepare(RebuildPackage.Layout(targets: everything), manifest: manifest)
        let build = try package.swift(["build", "--build-tests"], onOutput: onOutput)
        guard build.status == 0 else {
            return [
                "the course does not build in the rebuild package:\n"
                    + build.output.split(separator: "\n").suffix(25).joined(separator: "\n")
            ]
        }
        let listed = try listedTests(in: package)
        for chapter in chapters {
            progress("chapter \(chapter.number): the course's \(chapter.module) against every stage")
            problems += try courseModuleProblems(
                chapter, plan: plans[chapter.number]!, listed: listed[chapter.testTarget] ?? [], manifest: manifest)
        }
        let proof = WrongModuleProof(
            workspace: workspace, manifest: manifest, progress: progress, onOutput: onOutput, caught: caught,
            runsCaughtStageFirst: runsCaughtStageFirst)
        for chapter in chapters.reversed() {
            let modules = try WrongModule.all(of: chapter).filter { onlyWrongModules?.contains($0.slug) ?? true }
            problems += try proof.run(modules, of: chapter, plan: plans[chapter.number]!)
            guard onlyWrongModules == nil else { continue }
            progress("chapter \(chapter.number): the starter compiles and fails stage 1")
            problems += try starterProblems(chapter, plan: plans[chapter.number]!, manifest: manifest)
        }
        if let only = onlyWrongModules {
            let found = Set(try chapters.flatMap { try WrongModule.all(of: $0) }.map(\.slug))
            problems += only.subtracting(found).sorted().map {
                "no wrong module is called \($0) in chapter\(chapters.count == 1 ? "" : "s") \(chapters.map { String($0.number) }.joined(separator: ", "))"
            }
        }
        return problems
    }

    /// The tests the built package has, by test target: `swift test list`.
    private func listedTests(in package: RebuildPackage) throws -> [String: Set<String>] {
        let result = try package.swift(["test", "list", "--skip-build"])
        var tests: [String: Set<String>] = [:]
        for line in result.output.split(separator: "\n")
        where !line.contains(" ") && line.contains(".") && line.hasSuffix(")") {
            let module = String(line.prefix { $0 != "." })
            tests[module, default: []].insert(String(line.dropFirst(module.count + 1).prefix { $0 != "(" }))
        }
        return tests
    }

    private func courseModuleProblems(
        _ chapter: RebuildChapter, plan: StagePlan, listed: Set<String>, manifest: CourseManifest
    ) throws -> [String] {
        let stagesPath = course.relative(chapter.stagesFile)
        var problems = listed.subtracting(plan.stages.flatMap(\.tests)).sorted().map {
            "\(stagesPath): the test target has \($0), which no stage names: add `- \($0)` under the stage it belongs to"
        }
        let runner = StageRunner(
            package: workspace.package, testTarget: chapter.testTarget,
            paths: workspace.learnerPaths(for: [chapter], manifest: manifest))
        let report = try runner.run(plan.stages.flatMap(\.tests))
        guard report.built else {
            return problems + [
                "chapter \(chapter.number): its tests do not build:\n"
                    + report.buildErrors.prefix(10).joined(separator: "\n")
            ]
        }
        for stage in plan.stages {
            for test in stage.tests {
                guard let verdict = report.verdicts[test] else {
                    if listed.contains(test) {
                        problems.append("chapter \(chapter.number), stage \(stage.number): \(test) did not run")
                    }
                    continue
                }
                if let failure = verdict.failure {
                    problems.append(
                        "chapter \(chapter.number), stage \(stage.number): the course's own module fails \(test): \(Check.limited(failure, to: 600))"
                    )
                }
            }
        }
        if let failure = report.processFailure { problems.append("chapter \(chapter.number): \(failure)") }
        return problems
    }

    private func starterProblems(_ chapter: RebuildChapter, plan: StagePlan, manifest: CourseManifest) throws
        -> [String]
    {
        let starter = try Starter.make(for: chapter, in: workspace, onOutput: onOutput)
        let folder = workspace.moduleFolder(for: chapter)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try starter.write(
            to: folder.appendingPathComponent("\(chapter.module).swift"), atomically: true, encoding: .utf8)

        // Stage 1's files only, as a learner's first check builds them: this proves that cut too.
        let first = plan.stages[0]
        try workspace.package.prepare(
            try workspace.testLayout(for: chapter, own: [], manifest: manifest, running: first.tests),
            manifest: manifest)
        var runner = StageRunner(
            package: workspace.package, testTarget: chapter.testTarget,
            paths: workspace.learnerPaths(for: [chapter], manifest: manifest), onOutput: onOutput)
        runner.isolatesCrashes = false
        let report = try runner.run(first.tests)
        let shown = course.relative(folder)
        guard report.built else {
            return [
                "chapter \(chapter.number): the starter (\(shown)) does not compile with the tests:\n"
                    + report.buildErrors.prefix(15).map { "    \($0)" }.joined(separator: "\n")
            ]
        }
        var problems = report.warnings.map { "chapter \(chapter.number): the starter compiles with a warning: \($0)" }
        let verdicts = first.tests.compactMap { report.verdicts[$0] }
        if verdicts.isEmpty && report.processFailure == nil {
            problems.append("chapter \(chapter.number): no test of stage 1 ran on the starter, and nothing says why")
        } else if !verdicts.isEmpty && verdicts.allSatisfy(\.passed) && report.processFailure == nil {
            problems.append(
                "chapter \(chapter.number): stage 1 passes on the untouched starter; a stage must fail until its code is written"
            )
        }
        return problems
    }
}

/// `workshop rebuild diff N`: the learner's module against the course's, once every stage passes.
package enum RebuildDiff {
    /// Nil when the course's module may be shown; otherwise what to do first.
    package static func withheld(chapter: RebuildChapter, plan: StagePlan, progress: LearnerProgress) -> String? {
        let passed = progress.rebuildStages(chapter: chapter.number)
        guard let next = plan.stages.first(where: { passed[$0.number] != true }) else { return nil }
        return
            "Not yet: the course's \(chapter.module) is shown once every stage passes; stage \(next.number) of \(plan.stages.count) "
            + "is next (`swift run workshop rebuild check \(chapter.number)`). `--anyway` shows it now."
    }

    /// `git diff` from the learner's folder to the course's module folder.
    package static func diff(chapter: RebuildChapter, workspace: RebuildWorkspace, color: Bool) throws -> String {
        let course = workspace.course
        let result = try Shell.run(
            [
                "git", "diff", "--no-index", "--color=\(color ? "always" : "never")", "--",
                course.relative(workspace.moduleFolder(for: chapter)), course.relative(chapter.sourcesFolder),
            ], in: course.root)
        // `git diff --no-index` exits 1 when the folders differ: that is the answer, not a failure.
        guard result.status <= 1 else { throw WorkshopError("git diff failed:\n\(result.output)") }
        return result.output
    }
}
