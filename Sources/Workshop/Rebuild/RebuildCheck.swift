import Foundation

/// `workshop rebuild check N`: builds the learner's module of chapter N with the chapter's own
/// tests and runs stages 1 to K (every earlier stage again, so that nothing that passed breaks
/// unseen), then says, stage by stage, what passed and what to look at first.
package struct RebuildCheck {
    package let workspace: RebuildWorkspace
    package var terminal: Terminal
    package var write: (String) -> Void
    /// Runs the tests; replaced in tests by recorded reports.
    var runTests: (_ chapter: RebuildChapter, _ own: [RebuildChapter], _ keys: [String]) throws -> StageRunner.Report
    /// Starts building, in the background, what the tests `keys` need, when that is more than the
    /// last check built; returns what to tell the learner. Replaced in tests.
    var buildAhead: (_ chapter: RebuildChapter, _ own: [RebuildChapter], _ keys: [String]) -> String?

    package init(workspace: RebuildWorkspace, terminal: Terminal, write: @escaping (String) -> Void) {
        self.workspace = workspace
        self.terminal = terminal
        self.write = write
        runTests = { chapter, own, keys in
            let line = BuildProgressLine(terminal: terminal)
            defer { line.clear() }
            BackgroundBuild.waitIfRunning(workspace, write: write, progress: line)
            let manifest = try CourseManifest.load(packageAt: workspace.course.root)
            let package = workspace.package
            let layout = try workspace.testLayout(for: chapter, own: own, manifest: manifest, running: keys)
            var times = BuildTimes.load(workspace)
            let firstBuild = !package.unbuiltPackages(in: layout, manifest: manifest).isEmpty
            if let forecast = BuildTimes.forecast(
                of: layout, chapter: chapter, package: package, manifest: manifest, times: times)
            {
                write(terminal.dim("  " + forecast))
            }
            try package.prepare(layout, manifest: manifest)
            let runner = StageRunner(
                package: package, testTarget: chapter.testTarget,
                paths: workspace.learnerPaths(for: [chapter] + own, manifest: manifest), onOutput: line.update)
            let started = Date()
            let report = try runner.run(keys)
            if firstBuild && report.built {
                times.seconds[BuildTimes.key(of: layout, chapter: chapter)] = Date().timeIntervalSince(started)
                times.save(workspace)
            }
            return report
        }
        buildAhead = { chapter, own, keys in
            guard let manifest = try? CourseManifest.load(packageAt: workspace.course.root),
                let layout = try? workspace.testLayout(for: chapter, own: own, manifest: manifest, running: keys),
                !workspace.package.unbuiltPackages(in: layout, manifest: manifest).isEmpty,
                BackgroundBuild.start(layout, chapter: chapter, workspace: workspace, manifest: manifest)
            else { return nil }
            let forecast = BuildTimes.forecast(
                of: layout, chapter: chapter, package: workspace.package, manifest: manifest,
                times: BuildTimes.load(workspace))
            return "What the next stage needs is building in the background meanwhile \(forecast ?? "")."
        }
    }

    /// The stage a check runs up to when none is given: the first one not passed at its last check.
    package static func currentStage(of plan: StagePlan, chapter: Int, progress: LearnerProgress) -> Int {
        let passed = progress.rebuildStages(chapter: chapter)
        return plan.stages.first { passed[$0.number] != true }?.number ?? plan.stages.count
    }

    /// Checks stages 1 to `last` (the current stage when nil), records each stage's outcome, and
    /// says whether they all passed.
    package func run(
        chapter number: Int, through last: Int?, own ownNumbers: [Int] = [], progress: inout LearnerProgress,
        now: Date = Date()
    ) throws -> Bool {
        let course = workspace.course
        let chapter = try RebuildChapter.named(number, in: course)
        guard workspace.hasModule(for: chapter) else {
            throw WorkshopError(
                "there is no \(workspace.shown(workspace.moduleFolder(for: chapter))) yet: `swift run workshop rebuild \(number)` writes its starter"
            )
        }
        let own = try ownNumbers.filter { $0 != number }.map { try RebuildChapter.named($0, in: course) }
        for mine in own where !workspace.hasModule(for: mine) {
            throw WorkshopError(
                "--own \(mine.number): there is no \(workspace.shown(workspace.moduleFolder(for: mine))) to use")
        }
        let plan = try StagePlan.load(for: chapter, course: course)
        let through = last ?? Self.currentStage(of: plan, chapter: number, progress: progress)
        guard (1...plan.stages.count).contains(through) else {
            throw WorkshopError("chapter \(number) has stages 1 to \(plan.stages.count)")
        }
        let stages = plan.stages(through: through)
        let mine = ([chapter] + own).map { workspace.shown(workspace.moduleFolder(for: $0)) }.joined(separator: ", ")
        write(
            "Building \(mine) with chapter \(number)'s tests, and running stage\(through == 1 ? " 1" : "s 1 to \(through)") of \(plan.stages.count)…"
        )

        let report = try runTests(chapter, own, stages.flatMap(\.tests))
        guard report.built else {
            write(terminal.red("✘") + " Your code does not compile yet. The compiler says:")
            report.buildErrors.prefix(15).forEach { write("    " + Check.limited($0, to: 500)) }
            for stage in stages { progress.recordRebuild(chapter: number, stage: stage.number, passed: false, at: now) }
            return false
        }
        report.warnings.prefix(10).forEach { write(terminal.dim("  " + Check.limited($0, to: 500))) }

        var allPassed = true
        for stage in stages {
            let passed = describe(stage, report: report)
            progress.recordRebuild(chapter: number, stage: stage.number, passed: passed, at: now)
            allPassed = allPassed && passed
        }
        if report.verdicts.isEmpty {
            write(
                terminal.red("\n✘ NO TEST RAN.")
                    + " None of the \(stages.flatMap(\.tests).count) tests of these stages started.")
            if let failure = report.processFailure {
                write(indent(Check.limited(failure), by: 4))
            } else {
                write(
                    "    If the stage file names tests the course does not have, `swift run workshop rebuild verify` says which."
                )
            }
            return false
        }
        if let failure = report.processFailure { write(indent(Check.limited(failure), by: 4)) }
        write(nextStep(plan: plan, through: through, allPassed: allPassed, chapter: number, report: report))
        if allPassed && report.processFailure == nil && through < plan.stages.count,
            let ahead = buildAhead(chapter, own, plan.stages(through: through + 1).flatMap(\.tests))
        {
            write(terminal.dim(ahead))
        }
        return allPassed && report.processFailure == nil
    }

    /// One stage's line, and its first failing test in full; whether the stage passed.
    private func describe(_ stage: StagePlan.Stage, report: StageRunner.Report) -> Bool {
        let (passed, lines) = Self.describe(stage, report: report, terminal: terminal)
        lines.forEach(write)
        return passed
    }

    /// What a check says about one stage, and whether it passed: a line, and for a stage that fails,
    /// its first failing test in full (`rebuild verify --show-wrong-modules` shows the same lines).
    static func describe(_ stage: StagePlan.Stage, report: StageRunner.Report, terminal: Terminal) -> (
        passed: Bool, lines: [String]
    ) {
        let ran = stage.tests.compactMap { report.verdicts[$0] }
        let failing = ran.filter { !$0.passed }.sorted { !$0.interrupted && $1.interrupted }
        let title = "Stage \(stage.number), \(stage.title)"
        if ran.isEmpty {
            return (false, [terminal.red("✘") + " \(title): no test of this stage ran"])
        }
        let missing = stage.tests.count - ran.count
        let elsewhere = missing > 0 ? terminal.dim(" (\(missing) not on this platform)") : ""
        guard let first = failing.first else {
            return (
                true,
                [
                    terminal.green("✔")
                        + " \(title): \(ran.count == 1 ? "its test passes" : "all \(ran.count) tests pass")" + elsewhere
                ]
            )
        }
        var lines = [
            terminal.red("✘") + " \(title): \(failing.count) of \(ran.count) tests fail" + elsewhere,
            "    " + terminal.red("✘") + " \(first.record.displayName)  " + terminal.dim("(\(first.record.key))"),
            indent(Check.limited(first.failure ?? ""), by: 8),
        ]
        if failing.count > 1 {
            lines.append(
                terminal.dim(
                    "    and \(failing.count - 1) more: "
                        + failing.dropFirst().prefix(3).map(\.record.key).joined(separator: ", ")
                        + (failing.count > 4 ? ", …" : "")))
        }
        return (false, lines)
    }

    private func nextStep(plan: StagePlan, through: Int, allPassed: Bool, chapter: Int, report: StageRunner.Report)
        -> String
    {
        if !allPassed,
            let stage = plan.stages(through: through).first(where: { stage in
                stage.tests.contains { report.verdicts[$0]?.passed == false }
                    || !stage.tests.contains { report.verdicts[$0] != nil }
            })
        {
            return "\nStage \(stage.number) asks:\n" + indent(stage.brief, by: 2)
        }
        guard through < plan.stages.count else {
            return terminal.green("\nEvery stage passes: chapter \(chapter)'s module is yours.")
                + " Compare it with the course's: swift run workshop rebuild diff \(chapter)"
        }
        let next = plan.stages[through]
        return "\nNext, stage \(next.number) of \(plan.stages.count): \(next.title)\n" + indent(next.brief, by: 2)
            + "\n`swift run workshop rebuild check \(chapter)` now runs stages 1 to \(next.number)."
    }
}
