import Foundation
import Testing
import TestSupport
@testable import Workshop

/// `workshop rebuild check` on recorded runs: what it says per stage, what it records, and what it
/// asks to run.
@Suite("Checking a rebuilt module, stage by stage")
struct RebuildCheckTests {
    static let stages = """
        ## Stage 1: Pairs

        Write the pairs.

        - PairTests/flat
        - PairTests/nested

        ## Stage 2: Escaping

        Escape them.

        - EscapeTests/reserved

        ## Stage 3: Batches

        Cut them.

        - BatchTests/cut
        """

    static func course() throws -> TemporaryCourse {
        let temporary = try TemporaryCourse()
        try temporary.write("Package.swift", "")
        try temporary.write("exercises/Package.swift", "")
        try temporary.write("Sources/02-Strings/Strings.swift", "public func f() {}\n")
        try temporary.write("Tests/02-StringsTests/stages.md", stages)
        try temporary.write("rebuild/02-Strings/Strings.swift", "public func f() { fatalError() }\n")
        return temporary
    }

    static func verdict(_ key: String, _ name: String, failure: String? = nil, interrupted: Bool = false)
        -> TestRun.Verdict
    {
        let record = EventStream.TestRecord(
            id: "StringsTests.\(key)()/F.swift:1:1", module: "StringsTests", displayName: name,
            started: true, ended: failure == nil)
        return TestRun.Verdict(record: record, failure: failure, interrupted: interrupted)
    }

    static func report(_ verdicts: [TestRun.Verdict]) -> StageRunner.Report {
        StageRunner.Report(verdicts: Dictionary(uniqueKeysWithValues: verdicts.map { ($0.record.key, $0) }))
    }

    /// A check whose runs are scripted; it remembers the tests it was asked to run.
    static func check(_ course: Course, runs: @escaping ([String]) -> StageRunner.Report) -> (
        RebuildCheck, asked: () -> [[String]], text: () -> String
    ) {
        let asked = Locked<[[String]]>([])
        let text = Locked("")
        let workspace = RebuildWorkspace(course: course, folder: course.root.appendingPathComponent("rebuild"))
        var check = RebuildCheck(workspace: workspace, terminal: .plain) { line in text.withLock { $0 += line + "\n" } }
        check.runTests = { _, _, keys in
            asked.withLock { $0.append(keys) }
            return runs(keys)
        }
        check.buildAhead = { _, _, _ in nil }
        return (check, { asked.value }, { text.value })
    }

    @Test("With no stage given, a check runs up to the first stage not passed, every earlier stage again")
    func currentStage() throws {
        let temporary = try Self.course()
        let (check, asked, text) = Self.check(temporary.course) { _ in
            Self.report([
                Self.verdict("PairTests/flat", "Flat"), Self.verdict("PairTests/nested", "Nested"),
                Self.verdict("EscapeTests/reserved", "Reserved"),
            ])
        }
        var progress = LearnerProgress()
        #expect(try check.run(chapter: 2, through: nil, progress: &progress))
        #expect(asked().last == ["PairTests/flat", "PairTests/nested"])
        #expect(text().contains("✔ Stage 1, Pairs: all 2 tests pass"), "\(text())")
        #expect(text().contains("Next, stage 2 of 3: Escaping\n  Escape them."), "\(text())")
        #expect(progress.rebuildStages(chapter: 2) == [1: true])

        #expect(try check.run(chapter: 2, through: nil, progress: &progress))
        #expect(asked().last == ["PairTests/flat", "PairTests/nested", "EscapeTests/reserved"])
        #expect(progress.rebuildStages(chapter: 2) == [1: true, 2: true])
        #expect(
            RebuildCheck.currentStage(
                of: try StagePlan.load(
                    for: try RebuildChapter.named(2, in: temporary.course), course: temporary.course),
                chapter: 2, progress: progress) == 3)
    }

    @Test(
        "A failing stage shows its first failing test with its message, names the others, and repeats the stage's brief"
    )
    func failingStage() throws {
        let temporary = try Self.course()
        let crash =
            "crashed: the test process died while this test ran.\nFatal error: not written yet\n  at 02-Strings/Strings.swift:1:19"
        let (check, _, text) = Self.check(temporary.course) { _ in
            Self.report([
                Self.verdict("PairTests/flat", "Flat", failure: "did not finish", interrupted: true),
                Self.verdict("PairTests/nested", "Nested", failure: crash),
            ])
        }
        var progress = LearnerProgress()
        #expect(try !check.run(chapter: 2, through: 1, progress: &progress))
        let shown = text()
        #expect(shown.contains("✘ Stage 1, Pairs: 2 of 2 tests fail"), "\(shown)")
        #expect(
            shown.contains(
                "    ✘ Nested  (PairTests/nested)\n        crashed: the test process died while this test ran."),
            "\(shown)")
        #expect(shown.contains("at 02-Strings/Strings.swift:1:19"), "\(shown)")
        #expect(shown.contains("and 1 more: PairTests/flat"), "\(shown)")
        #expect(shown.contains("Stage 1 asks:\n  Write the pairs."), "\(shown)")
        #expect(progress.rebuildStages(chapter: 2) == [1: false])
    }

    @Test("When no test runs at all, the check says so loudly and fails")
    func noTestRan() throws {
        let temporary = try Self.course()
        let (check, _, text) = Self.check(temporary.course) { _ in StageRunner.Report() }
        var progress = LearnerProgress()
        #expect(try !check.run(chapter: 2, through: 2, progress: &progress))
        #expect(text().contains("NO TEST RAN"), "\(text())")
        #expect(text().contains("✘ Stage 1, Pairs: no test of this stage ran"), "\(text())")
        #expect(progress.rebuildStages(chapter: 2) == [1: false, 2: false])
    }

    @Test("Code that does not compile fails every stage checked, with the compiler's words")
    func buildFailure() throws {
        let temporary = try Self.course()
        let (check, _, text) = Self.check(temporary.course) { _ in
            StageRunner.Report(buildErrors: ["02-Strings/Strings.swift:3: cannot find 'x' in scope"])
        }
        var progress = LearnerProgress()
        #expect(try !check.run(chapter: 2, through: 1, progress: &progress))
        #expect(text().contains("does not compile yet"))
        #expect(text().contains("    02-Strings/Strings.swift:3: cannot find 'x' in scope"))
        #expect(progress.rebuildStages(chapter: 2) == [1: false])
    }

    @Test("A test not run on this platform is counted apart and does not fail its stage")
    func otherPlatform() throws {
        let temporary = try Self.course()
        let (check, _, text) = Self.check(temporary.course) { _ in Self.report([Self.verdict("PairTests/flat", "Flat")])
        }
        var progress = LearnerProgress()
        #expect(try check.run(chapter: 2, through: 1, progress: &progress))
        #expect(text().contains("✔ Stage 1, Pairs: its test passes (1 not on this platform)"), "\(text())")
    }

    @Test("A missing module, an unknown stage and an --own chapter without a module are refused before anything runs")
    func refusals() throws {
        let temporary = try Self.course()
        let (check, asked, _) = Self.check(temporary.course) { _ in StageRunner.Report() }
        var progress = LearnerProgress()
        #expect(throws: WorkshopError.self) { try check.run(chapter: 2, through: 4, progress: &progress) }
        #expect(throws: WorkshopError.self) { try check.run(chapter: 3, through: nil, progress: &progress) }
        try temporary.write("Sources/03-Serializer/S.swift", "")
        try temporary.write("Tests/03-SerializerTests/stages.md", Self.stages)
        #expect(throws: WorkshopError.self) { try check.run(chapter: 3, through: nil, progress: &progress) }
        #expect(throws: WorkshopError.self) { try check.run(chapter: 2, through: nil, own: [3], progress: &progress) }
        #expect(asked().isEmpty)
    }

    @Test("The course's module is shown once every stage passes, not before")
    func diffGate() throws {
        let temporary = try Self.course()
        let chapter = try RebuildChapter.named(2, in: temporary.course)
        let plan = try StagePlan.load(for: chapter, course: temporary.course)
        var progress = LearnerProgress()
        progress.recordRebuild(chapter: 2, stage: 1, passed: true, at: Date())
        #expect(
            RebuildDiff.withheld(chapter: chapter, plan: plan, progress: progress)?.contains("stage 2 of 3 is next")
                == true)
        for stage in 2...3 { progress.recordRebuild(chapter: 2, stage: stage, passed: true, at: Date()) }
        #expect(RebuildDiff.withheld(chapter: chapter, plan: plan, progress: progress) == nil)
    }

    @Test("The course map invites to the rebuild track, then shows each started chapter's stages")
    func courseMap() throws {
        let temporary = try Self.course()
        var progress = LearnerProgress()
        #expect(
            try CourseMap(course: temporary.course, progress: progress).render().contains(
                "start  swift run workshop rebuild 2"))
        progress.recordRebuild(chapter: 2, stage: 1, passed: true, at: Date())
        progress.recordRebuild(chapter: 2, stage: 2, passed: false, at: Date())
        let map = try CourseMap(course: temporary.course, progress: progress).render()
        #expect(map.contains("chapter 2, Strings: 1 of 3 stages pass   swift run workshop rebuild check 2"), "\(map)")
    }

    @Test("Progress as JSON has the rebuild track: each checked chapter's stages, titles and states")
    func progressJSON() throws {
        let temporary = try Self.course()
        var progress = LearnerProgress()
        progress.recordRebuild(chapter: 2, stage: 1, passed: true, at: Date(timeIntervalSince1970: 1_800_000_000))
        progress.recordRebuild(chapter: 2, stage: 2, passed: false, at: Date(timeIntervalSince1970: 1_800_000_000))
        let report = try ProgressReport(course: temporary.course, progress: progress, learner: "ada")
        let json = try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any]
        let rebuild = try #require(json?["rebuild"] as? [[String: Any]])
        #expect(rebuild.count == 1)
        #expect(rebuild.first?["chapter"] as? Int == 2)
        #expect(rebuild.first?["module"] as? String == "Strings")
        #expect(rebuild.first?["lastChecked"] as? String == "2027-01-15T08:00:00Z")
        let stages = rebuild.first?["stages"] as? [[String: Any]] ?? []
        #expect(stages.map { $0["state"] as? String } == ["passed", "failed", "unchecked"])
        #expect(stages.map { $0["title"] as? String } == ["Pairs", "Escaping", "Batches"])
        #expect(report.table(terminal: .plain).contains("1 of 3"), "\(report.table(terminal: .plain))")

        let saved = try JSONEncoder().encode(progress)
        #expect(try JSONDecoder().decode(LearnerProgress.self, from: saved) == progress)
    }
}

/// `workshop rebuild N`: the starter, the folded chapter, and never overwriting the learner's code.
@Suite("Setting up a rebuild")
struct RebuildSetupTests {
    static func setup(_ course: Course, answer: Bool) -> (RebuildSetup, text: () -> String) {
        let text = Locked("")
        var setup = RebuildSetup(
            workspace: RebuildWorkspace(course: course, folder: course.root.appendingPathComponent("rebuild")),
            terminal: .plain, write: { line in text.withLock { $0 += line + "\n" } }, confirm: { _ in answer })
        setup.makeStarter = { chapter in "// the starter of \(chapter.module)\n" }
        setup.buildAhead = { _, _ in nil }
        return (setup, { text.value })
    }

    @Test(
        "The starter and the folded chapter are written, the workspace is a git repository, and the stages are listed")
    func firstSetup() throws {
        let temporary = try RebuildCheckTests.course()
        try FileManager.default.removeItem(at: temporary.root.appendingPathComponent("rebuild"))
        try temporary.write("chapters/02-strings.md", "# Strings\n\nSee the [glossary](glossary.md).\n")
        let (setup, text) = Self.setup(temporary.course, answer: false)
        try setup.run(chapter: 2, fresh: false)
        #expect(try temporary.read("rebuild/02-Strings/Strings.swift") == "// the starter of Strings\n")
        #expect(try temporary.read("rebuild/chapters/02-strings.md").contains("[glossary](../../chapters/glossary.md)"))
        #expect(try temporary.read("rebuild/.gitignore").contains(".workshop/"))
        #expect(FileManager.default.fileExists(atPath: temporary.root.appendingPathComponent("rebuild/.git").path))
        #expect(text().contains("  1. Pairs (2 tests)"), "\(text())")
        #expect(text().contains("Stage 1: Pairs\n  Write the pairs."), "\(text())")
    }

    @Test("A module that is there stays; starting again asks first, and moves the learner's files aside")
    func neverOverwrites() throws {
        let temporary = try RebuildCheckTests.course()
        let mine = "public func f() { fatalError() }\n"
        let (keeping, kept) = Self.setup(temporary.course, answer: false)
        try keeping.run(chapter: 2, fresh: false)
        #expect(kept().contains("You already have rebuild/02-Strings: it stays as it is."))
        try keeping.run(chapter: 2, fresh: true)
        #expect(kept().contains("Nothing changed."))
        #expect(try temporary.read("rebuild/02-Strings/Strings.swift") == mine)

        let (replacing, replaced) = Self.setup(temporary.course, answer: true)
        try replacing.run(chapter: 2, fresh: true, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(try temporary.read("rebuild/02-Strings/Strings.swift") == "// the starter of Strings\n")
        #expect(try temporary.read("rebuild/.workshop/backups/02-Strings-2027-01-15T08-00-00Z/Strings.swift") == mine)
        #expect(replaced().contains("Your files are in rebuild/.workshop/backups/02-Strings-2027-01-15T08-00-00Z."))
    }
}
