import Foundation

/// A plausible mistake in a chapter's module, kept as a small patch against the course's module
/// beside the chapter's tests: `Tests/NN-NameTests/WrongModules/<slug>.patch`, paths relative to
/// the module's folder (`git diff --relative=Sources/NN-Name`). The lines before the diff say the
/// mistake in a sentence, as an exercise's known-bad attempts do, so that the folder reads as "the
/// rules this chapter's suite proves". `workshop rebuild verify` proves each one fails a stage.
///
/// A chapter with a second module that its tests use but a learner does not rebuild (chapter 12's
/// `PinnedTransport`, beside `SecurityPolicy`) keeps that module's wrong modules in a subfolder
/// named after it, `WrongModules/PinnedTransport/`, with paths relative to `Sources/12-PinnedTransport`.
package struct WrongModule: Sendable, Equatable {
    package var chapter: Int
    /// The file's name without `.patch`: `unsorted-keys`.
    package var slug: String
    package var patch: URL
    /// The sentence before the diff; empty when the patch has none.
    package var mistake: String
    /// The target the patch changes, and its folder in the course: the chapter's module unless the
    /// patch is in a subfolder named after another module of the chapter.
    package var module: String
    package var sourcesFolder: URL

    package static let folderName = "WrongModules"

    /// The wrong modules of `chapter`, the chapter's own module's first, each folder's in the order
    /// of their file names. A subfolder that names no module of the chapter is an error, not a
    /// folder of patches silently left unproven.
    package static func all(of chapter: RebuildChapter) throws -> [WrongModule] {
        let folder = chapter.testsFolder.appendingPathComponent(folderName)
        var modules = try patches(
            in: folder, chapter: chapter, module: chapter.module, sourcesFolder: chapter.sourcesFolder)
        for subfolder in try contents(of: folder) where isFolder(subfolder) {
            let name = subfolder.lastPathComponent
            let sources = chapter.sourcesFolder.deletingLastPathComponent().appendingPathComponent(
                String(format: "%02d-", chapter.number) + name)
            guard FileManager.default.fileExists(atPath: sources.path) else {
                throw WorkshopError(
                    "\(subfolder.path): a subfolder of wrong modules is named after a module of chapter \(chapter.number), "
                        + "and there is no \(sources.lastPathComponent) in Sources")
            }
            modules += try patches(in: subfolder, chapter: chapter, module: name, sourcesFolder: sources)
        }
        return modules
    }

    private static func patches(in folder: URL, chapter: RebuildChapter, module: String, sourcesFolder: URL) throws
        -> [WrongModule]
    {
        try contents(of: folder).filter { $0.pathExtension == "patch" }.map { patch in
            WrongModule(
                chapter: chapter.number, slug: patch.deletingPathExtension().lastPathComponent, patch: patch,
                mistake: KnownBadAttempt.mistake(inPatch: try String(contentsOf: patch, encoding: .utf8)),
                module: module, sourcesFolder: sourcesFolder)
        }
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `chapter 2, unsorted-keys`; `chapter 12, PinnedTransport/verification-off` for another module's.
    package var name: String { "chapter \(chapter), \(key)" }

    /// The patch's path in the chapter's folder of wrong modules, without `.patch`:
    /// `unsorted-keys`, or `PinnedTransport/verification-off` for another module's.
    package var key: String {
        patch.deletingLastPathComponent().lastPathComponent == Self.folderName ? slug : "\(module)/\(slug)"
    }
}

/// Where a wrong module was caught: the first stage it fails, and what a learner who made the
/// mistake sees there (the lines `rebuild check` writes for that stage).
package struct WrongModuleCatch: Sendable {
    package var module: WrongModule
    package var stage: Int
    package var stageTitle: String
    package var lines: [String]
    /// How long it took to build and judge, in seconds.
    package var seconds: Double
}

/// Proves a chapter's wrong modules wrong: each is applied to a copy of the course's module, built
/// with the chapter's tests, and judged stage by stage, in order, stopping at the first stage that
/// fails (the stage that caught it last time first, when `runsCaughtStageFirst`: `CaughtStages`). A wrong module is a problem when its patch no longer applies, when it does not compile (it
/// proves nothing), or when it passes every stage (the suite misses the mistake).
///
/// Cost, the reason for the shape: the wrong modules of one module are all built from one folder,
/// `.build/rebuild-verify/wrong/NN-Name`, whose files are rewritten only where the patch changes
/// them, so that each build recompiles the file or two that differ and relinks the tests; the rest of
/// the package is built once. After the chapter's first wrong module, the build runs SwiftPM's own
/// commands for it directly (`BuildPlanCommands`), without SwiftPM's two seconds of loading and
/// planning. The stages run in order and the first failing one ends the judging, so a mistake
/// caught by stage 1 costs one short test run.
struct WrongModuleProof {
    let workspace: RebuildWorkspace
    let manifest: CourseManifest
    var progress: (String) -> Void = { _ in }
    var onOutput: (@Sendable (String) -> Void)?
    /// Called with each wrong module caught.
    var caught: (WrongModuleCatch) -> Void = { _ in }
    /// Whether each wrong module's recorded stage runs first (CI); off, the stages run in order,
    /// so that the stage named is the first a learner who made the mistake would see fail.
    var runsCaughtStageFirst = true

    var course: Course { workspace.course }

    /// The folder every wrong module of one module (`12-SecurityPolicy`) is built from.
    func folder(for module: WrongModule) -> URL {
        workspace.folder.appendingPathComponent("wrong/\(module.sourcesFolder.lastPathComponent)")
    }

    /// Judges `modules` (all of them wrong modules of `chapter`); returns the problems.
    func run(_ modules: [WrongModule], of chapter: RebuildChapter, plan: StagePlan) throws -> [String] {
        guard !modules.isEmpty else { return [] }
        var problems: [String] = []
        // The direct build commands, once SwiftPM has built this layout and written its plan, for
        // as long as the patched module and its files are the same ones (a patch that adds or
        // removes a file, or one of another module, which changes the layout, needs a new plan).
        var direct: (commands: BuildPlanCommands, module: String, files: Set<String>)?
        let record = CaughtStages.read(for: chapter)
        var judged: [String: Int?] = [:]
        defer { try? CaughtStages.update(for: chapter, with: judged) }
        for (index, module) in modules.enumerated() {
            progress(
                "chapter \(chapter.number): wrong module \(index + 1) of \(modules.count), \(module.slug)"
                    + (module.module == chapter.module ? "" : " (in \(module.module))"))
            let started = Date()
            let folder = folder(for: module)
            if let problem = try materialize(module, of: chapter, in: folder) {
                problems.append(problem)
                continue
            }
            // Only the patched module comes from the wrong folder; the chapter's others are the course's.
            var layout = RebuildPackage.Layout(targets: manifest.closure(of: [chapter.testTarget]))
            layout.replacements[module.module] = folder
            try workspace.package.prepare(layout, manifest: manifest)
            let files = Set(try FileTree.files(in: folder).keys)
            let commands = direct.flatMap { $0.module == module.module && $0.files == files ? $0.commands : nil }
            let verdict = try judge(
                module, of: chapter, plan: plan, started: started, building: commands,
                firstStage: runsCaughtStageFirst ? record.stages[module.key] : nil)
            problems += verdict.problems
            judged[module.key] = verdict.caughtAt
            if verdict.builtBySwiftPM {
                direct = BuildPlanCommands.read(
                    packageAt: workspace.package.folder, module: module.module, testTarget: chapter.testTarget
                )
                .map { ($0, module.module, files) }
            } else if verdict.failedToCompile {
                direct = nil  // SwiftPM builds the next one from whatever this left behind
            }
        }
        return problems
    }

    // MARK: Materializing

    /// Writes the course's module, patched, into `folder`, rewriting only the files whose text
    /// differs. Returns a problem when the patch does not apply.
    func materialize(_ module: WrongModule, of chapter: RebuildChapter, in folder: URL) throws -> String? {
        // Applied in a scratch copy outside the course, so that git treats it as a plain folder.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workshop-wrong-module-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(at: module.sourcesFolder, to: scratch)
        let apply = try Shell.run(
            ["git", "apply", "--whitespace=nowarn", module.patch.path], in: scratch,
            environment: ["GIT_CEILING_DIRECTORIES": scratch.deletingLastPathComponent().path])
        guard apply.succeeded else {
            return
                "\(module.name): \(course.relative(module.patch)) no longer applies to \(course.relative(module.sourcesFolder)):\n"
                + indent(Check.limited(apply.output.trimmingCharacters(in: .whitespacesAndNewlines), to: 800), by: 4)
                + "\n  make the mistake again in the module and write the patch anew "
                + "(CONTRIBUTING.md, \"Wrong modules\")"
        }
        try FileTree.synchronize(folder, with: scratch)
        return nil
    }

    // MARK: Judging

    /// Builds `module` (through `building` when given, else through SwiftPM with the first stage
    /// run) and judges it, running `firstStage` first when the plan has it: the problems, the
    /// stage that caught it, whether SwiftPM built it (and so wrote a fresh plan), and whether it
    /// failed to compile.
    private func judge(
        _ module: WrongModule, of chapter: RebuildChapter, plan: StagePlan, started: Date,
        building commands: BuildPlanCommands?, firstStage: Int?
    ) throws -> (problems: [String], caughtAt: Int?, builtBySwiftPM: Bool, failedToCompile: Bool) {
        // Crashes are isolated as a learner's check isolates them, so that the test named is the one
        // a learner would see named; it costs a run more only when a crash leaves a doubt.
        let paths = workspace.learnerPaths(for: [chapter], manifest: manifest)
        let runner = StageRunner(
            package: workspace.package, testTarget: chapter.testTarget, paths: paths, onOutput: onOutput)
        let doesNotCompile = { (errors: [String]) in
            [
                "\(module.name) (\(module.mistake)) does not compile, so it proves nothing; a wrong module must build:\n"
                    + errors.prefix(8).map { "    " + Check.limited($0, to: 400) }.joined(separator: "\n")
            ]
        }
        var built = false
        if let commands {
            let result = try commands.run()
            let errors = TestProcessOutput(result.output, paths: paths).compilerErrors.map(\.description)
            if result.status == 0 {
                built = true
            } else if !errors.isEmpty {
                return (doesNotCompile(errors), nil, false, true)
            }
            // Anything else: SwiftPM builds it, with the first stage.
        }
        let builtBySwiftPM = !built
        var stages = plan.stages
        if let index = stages.firstIndex(where: { $0.number == firstStage }) {
            stages.insert(stages.remove(at: index), at: 0)
        }
        for stage in stages {
            let report = try runner.run(stage.tests, build: !built)
            guard report.built else { return (doesNotCompile(report.buildErrors), nil, builtBySwiftPM, true) }
            built = true
            let (passed, lines) = RebuildCheck.describe(stage, report: report, terminal: .plain)
            if passed && report.processFailure == nil { continue }
            let ran = stage.tests.compactMap { report.verdicts[$0] }
            if ran.isEmpty && report.processFailure == nil { continue }  // none of its tests runs on this platform
            caught(
                WrongModuleCatch(
                    module: module, stage: stage.number, stageTitle: stage.title,
                    lines: lines + (report.processFailure.map { [indent(Check.limited($0), by: 4)] } ?? []),
                    seconds: Date().timeIntervalSince(started)))
            return (Self.messageProblems(module, stage: stage, report: report), stage.number, builtBySwiftPM, false)
        }
        return (
            [
                "\(module.name) (\(module.mistake.isEmpty ? "no mistake named" : module.mistake)) passes every stage of chapter \(chapter.number): "
                    + "no test notices this mistake. Add one that does, deterministically, with a message that names the symptom, "
                    + "and name it in \(course.relative(chapter.stagesFile))"
            ], nil, builtBySwiftPM, false
        )
    }

    /// A catch whose message `check` would cut, or that only hangs, tells the learner too little.
    static func messageProblems(_ module: WrongModule, stage: StagePlan.Stage, report: StageRunner.Report) -> [String] {
        let failing = stage.tests.compactMap { report.verdicts[$0] }.filter { !$0.passed }.sorted {
            !$0.interrupted && $1.interrupted
        }
        guard let first = failing.first, let failure = first.failure else { return [] }
        if failure.hasPrefix("stuck:") {
            return [
                "\(module.name): caught only because \"\(first.record.displayName)\" hangs until the run is stopped; "
                    + "a test must wait with a time limit and say what it waited for"
            ]
        }
        guard failure.count > Check.messageLimit else { return [] }
        return [
            "\(module.name): caught by \"\(first.record.displayName)\" with a message of \(failure.count) characters, "
                + "of which `rebuild check` shows the first \(Check.messageLimit): report the first few mismatches and a count instead"
        ]
    }
}

/// Folders written file by file, so that a build sees as changed only the files that are.
enum FileTree {
    /// Makes `target` hold exactly the files of `source`, rewriting only those that differ.
    static func synchronize(_ target: URL, with source: URL) throws {
        let wanted = try files(in: source)
        let present = (try? files(in: target)) ?? [:]
        for (path, data) in wanted where present[path] != data {
            let url = target.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        for path in present.keys where wanted[path] == nil {
            try FileManager.default.removeItem(at: target.appendingPathComponent(path))
        }
    }

    /// Every file below `folder`, by its path relative to it.
    static func files(in folder: URL) throws -> [String: Data] {
        guard
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [:] }
        var files: [String: Data] = [:]
        let prefix = folder.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            files[path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent] = try Data(
                contentsOf: url)
        }
        return files
    }
}
