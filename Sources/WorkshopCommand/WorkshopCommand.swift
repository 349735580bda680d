import ArgumentParser
import Foundation
import Workshop

@main
struct WorkshopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workshop",
        abstract: "The course map, your exercises' checks and hints, and the authors' checks.",
        subcommands: [
            Map.self, TourCommand.self, Check.self, Hint.self, Watch.self, Reset.self, Solution.self,
            ProgressCommand.self, Example.self,
            Rebuild.self, Verify.self, Listings.self, SiteCommand.self,
        ],
        defaultSubcommand: Map.self
    )
}

/// An exercise number as typed (`2.1`), or a message that says what one looks like.
func exerciseID(_ text: String) throws -> ExerciseID {
    guard let id = ExerciseID(text) else { throw ValidationError("'\(text)' is not an exercise number like 2.1") }
    return id
}

/// The course this command was started in (normally the folder `swift run` was typed in).
func currentCourse() throws -> Course {
    try Course.locate(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
}

struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the chapters, your exercises' state and what to do next.")

    func run() throws {
        let course = try currentCourse()
        print(try CourseMap(course: course, progress: .load(for: course)).render())
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the answer tests against your code: `check 2` for a chapter, `check 2.1` for one exercise.")

    @Argument(help: "A chapter (2) or an exercise (2.1); all exercises when left out.")
    var selection: String?

    @Flag(help: "Also show the next hint of each exercise that fails (and count it as seen).")
    var hint = false

    func run() throws {
        let course = try currentCourse()
        guard let selected = ExerciseSelection(selection) else {
            throw ValidationError("'\(selection ?? "")' is neither a chapter (2) nor an exercise (2.1)")
        }
        if try checkOnce(selected, in: course, showHints: hint) == false { throw ExitCode.failure }
    }
}

/// One `check`, shared by `check` and `watch`; records the outcome in the learner's progress.
func checkOnce(_ selection: ExerciseSelection, in course: Course, showHints: Bool) throws -> Bool {
    var check = Workshop.Check(course: course, terminal: .current) { print($0) }
    check.showHints = showHints
    print(ExerciseBuildNote.note(for: selection, in: course))
    var progress = LearnerProgress.load(for: course)
    let passed = try check.run(selection, progress: &progress)
    try progress.save(for: course)
    return passed
}

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an exercise again each time you save one of its files (Ctrl-C stops).")

    @Argument(help: "The exercise, e.g. 2.1.")
    var exercise: String

    func run() throws {
        let course = try currentCourse()
        let id = try exerciseID(exercise)
        let guide = try course.exercise(id)
        let folders = [guide.stubFolder].compactMap { $0 }
        var seen = Snapshot(of: folders)
        while true {
            _ = try checkOnce(.exercise(id), in: course, showHints: false)
            print(
                Terminal.current.dim(
                    "\nWatching \(folders.map(course.relative).joined(separator: ", ")): save a file to check again, Ctrl-C to stop."
                ))
            repeat {
                Thread.sleep(forTimeInterval: 0.5)
            } while Snapshot(of: folders) == seen
            seen = Snapshot(of: folders)
            print("\n— a file changed —\n")
        }
    }

    /// The files of some folders and when each last changed: a save changes it.
    struct Snapshot: Equatable {
        var dates: [String: Date] = [:]

        init(of folders: [URL]) {
            for folder in folders {
                let files =
                    FileManager.default.enumerator(
                        at: folder, includingPropertiesForKeys: [.contentModificationDateKey])?.allObjects as? [URL]
                    ?? []
                for file in files {
                    dates[file.path] =
                        (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
                }
            }
        }
    }
}

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put an exercise's stub back as it was, keeping a copy of your files.")

    @Argument(help: "The exercise, e.g. 2.1.")
    var exercise: String

    @Flag(help: "Do not ask first.")
    var yes = false

    func run() throws {
        let course = try currentCourse()
        let id = try exerciseID(exercise)
        let files = ExerciseFiles(course: course, exercise: try course.exercise(id))
        guard try files.isEdited() else {
            print("Exercise \(id) is already as it was: nothing to reset.")
            return
        }
        if !yes {
            print(
                "Put exercise \(id)'s stub back as it was? Your files are copied to exercises/.workshop/backups first. [y/N] ",
                terminator: "")
            guard let answer = readLine(), answer.lowercased().hasPrefix("y") else {
                print("Nothing changed.")
                return
            }
        }
        let backup = try files.reset()
        print("Exercise \(id) is back as it was. Your files are in \(course.relative(backup)).")
    }
}

struct Solution: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare your code with the reference solution, once the tests pass or every hint is seen.")

    @Argument(help: "The exercise, e.g. 2.1.")
    var exercise: String

    func run() throws {
        let course = try currentCourse()
        let id = try exerciseID(exercise)
        let files = ExerciseFiles(course: course, exercise: try course.exercise(id))
        if let reason = files.solutionWithheld(progress: .load(for: course)) {
            print(reason)
            throw ExitCode.failure
        }
        let diff = try files.solutionDiff(color: Terminal.current.usesColor)
        print(
            diff.isEmpty
                ? "Your code is the reference solution, line for line."
                : "From your code (-) to the reference solution (+):\n\n" + diff)
    }
}

struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Every exercise's state, hints used and last check; --json for an instructor.")

    @Flag(help: "Print the stable JSON format described in chapters/INSTRUCTORS.md.")
    var json = false

    func run() throws {
        let course = try currentCourse()
        let report = try ProgressReport(
            course: course, progress: .load(for: course), learner: ProgressReport.learnerName)
        print(json ? try report.json() : report.table(terminal: .current))
    }
}

struct Hint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the next hint of an exercise, a question before an answer.")

    @Argument(help: "The exercise, e.g. 2.1.")
    var exercise: String

    @Flag(help: "Start the exercise's hints again from the first.")
    var reset = false

    func run() throws {
        let course = try currentCourse()
        let id = try exerciseID(exercise)
        let guide = try course.exercise(id)
        var progress = LearnerProgress.load(for: course)
        if reset { progress.hintsShown[id.description] = 0 }
        let shown = progress.hintsShown(for: id)
        if shown >= guide.hints.count {
            print(
                "That was the last hint for \(id). Try once more; then `swift run workshop solution \(id)` compares your code with the reference."
            )
            print("(`swift run workshop hint \(id) --reset` starts the hints again.)")
        } else {
            print("Exercise \(id), hint \(shown + 1) of \(guide.hints.count):\n")
            print(indent(guide.hints[shown], by: 2))
            progress.hintsShown[id.description] = shown + 1
        }
        try progress.save(for: course)
    }
}

struct Example: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run one of the chapters' examples and print its output.")

    @Argument(help: "The example's name; leave it out to list them.")
    var name: String?

    func run() throws {
        guard let name else {
            for example in Examples.all {
                print(
                    "\(example.name.padding(toLength: 16, withPad: " ", startingAt: 0)) chapter \(example.chapter): \(example.summary)"
                )
            }
            return
        }
        guard let example = Examples.named(name) else {
            throw ValidationError("no example is called '\(name)'; `swift run workshop example` lists them")
        }
        print(example.output(), terminator: "")
    }
}

struct TourCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour", abstract: "Chapter 1: follow one request from the call to the callback, step by step.")

    @Option(help: "404: the failure path, with the object and the error together.")
    var status: Int?

    @Flag(help: "An image through chapter 7's serializer, drawn in the terminal.")
    var image = false

    @Flag(help: "A form POST, with upload progress.")
    var post = false

    @Flag(help: "A request cancelled at its first byte: completion exactly once.")
    var cancel = false

    @Flag(help: "A download to a file: the bytes written, the move, and the file's URL as the object.")
    var download = false

    @Flag(help: "Two callers ask chapter 11's image downloader for one image: one task, two handlers.")
    var merged = false

    @Flag(help: "Also print the run as a Mermaid sequence diagram.")
    var mermaid = false

    func validate() throws {
        if case .failure(let error) = Tour.variant(
            status: status, image: image, post: post, cancel: cancel, download: download, merged: merged)
        {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let variant = try Tour.variant(
            status: status, image: image, post: post, cancel: cancel, download: download, merged: merged
        ).get()
        print(Tour.report(try Tour.runBlocking(variant), mermaid: mermaid))
    }
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "For authors and CI: prove every exercise's stub, hints, solution, answer tests and known-bad attempts.")

    @Argument(
        help:
            "A chapter (8) or an exercise (8.3) whose tests run; all when left out. The structure is always checked whole."
    )
    var selection: String?

    @Flag(help: "Print each known-bad attempt's mistake and the first answer test it fails, with its message.")
    var showKnownBad = false

    @Flag(help: "Only the copy check: print how much of what each solution adds its chapter prints, and run no test.")
    var copies = false

    @Flag(
        help:
            "Only mutation testing: mutate each solution, run its answer tests against every mutant, report survivors.")
    var mutants = false

    @Flag(
        help:
            "With --mutants: only the exercises whose mutants record is missing or out of date (CI), and fail if any was."
    )
    var changed = false

    @Flag(help: "With --mutants: report unlisted survivors and stale equivalents without failing.")
    var allowSurvivors = false

    @Option(help: "With --mutants: test processes at once (default: one per core).")
    var jobs: Int?

    @Flag(help: "With --mutants: also print the mutants that did not compile, and were left out.")
    var showDropped = false

    func run() throws {
        let course = try currentCourse()
        if copies { return try reportCopies(in: course) }
        if mutants { return try runMutants(in: course) }
        var verifier = Verifier(course: course)
        if showKnownBad {
            verifier.knownBadCaught = { attempt, failures in
                print("  ✔ \(attempt.exercise) \(attempt.slug): \(attempt.mistake)")
                guard let first = failures.first else { return }
                print(
                    "      fails \"\(first.name)\"" + (failures.count > 1 ? " and \(failures.count - 1) more" : "")
                        + ":")
                print(indent(first.failure ?? "", by: 8))
            }
        }
        guard let selection = ExerciseSelection(selection) else {
            throw ValidationError("'\(selection ?? "")' is not a chapter (2) or an exercise (2.1)")
        }
        verifier.selection = selection
        verifier.progress = { print("checking \($0)…") }
        let problems = try verifier.run()
        guard problems.isEmpty else {
            print("\nverify found \(problems.count) problem(s):")
            problems.forEach { print("- \($0)") }
            throw ExitCode.failure
        }
        print(
            "verify: every exercise has a marked stub, hints, a solution, and answer tests that pass on the solution, "
                + "fail on the stub, and fail on every known-bad attempt; no solution is mostly code its chapter prints."
        )
    }

    /// `verify --mutants`: each exercise's mutants, every unlisted survivor with its diff.
    func runMutants(in course: Course) throws {
        guard let chosen = ExerciseSelection(selection) else {
            throw ValidationError("'\(selection ?? "")' is not a chapter (2) or an exercise (2.1)")
        }
        var testing = MutationTesting(course: course)
        testing.selection = chosen
        testing.changedOnly = changed
        if let jobs { testing.jobs = max(1, jobs) }
        let start = Date()
        testing.progress = { step in
            let elapsed = Int(Date().timeIntervalSince(start))
            let line = String(format: "[%02d:%02d] ", elapsed / 60, elapsed % 60) + step + "…\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        let (outcomes, problems) = try testing.run()
        var survivors = 0
        print("")
        for outcome in outcomes {
            let clean = outcome.survivors.isEmpty && outcome.stale.isEmpty
            print("\(clean ? "✔" : "✘") \(outcome.exercise): \(outcome.summary)")
            for entry in outcome.survivors {
                print("    survived: \(entry.note)\n      - \(entry.original)\n      + \(entry.mutated)")
            }
            for mutant in outcome.dropped where showDropped {
                print(
                    "    did not compile: \(mutant.place), \(mutant.kind.rawValue)\n      - \(mutant.original)\n      + \(mutant.mutated)"
                )
            }
            for entry in outcome.stale {
                print(
                    "    stale equivalent in \(outcome.file): \(entry.note)\n      - \(entry.original)\n      + \(entry.mutated)"
                )
            }
            survivors += outcome.survivors.count + outcome.stale.count
        }
        let mutantCount = outcomes.compactMap { $0.mutants?.count }.reduce(0, +)
        print(
            "\nmutants: \(mutantCount) run in \(Int(Date().timeIntervalSince(start))) s; "
                + "\(survivors) unlisted survivor(s) or stale equivalent(s) in \(outcomes.count) exercise(s).")
        if survivors > 0 {
            print(
                "Kill each survivor with an answer test that fails on it (its message showing the mistake), or, when it "
                    + "cannot change what the solution does, list it as equivalent, with the reason, in the exercise's "
                    + "Mutants file (CONTRIBUTING.md, \"Mutation testing\").")
        }
        if !problems.isEmpty {
            print("\nverify --mutants found \(problems.count) problem(s):")
            problems.forEach { print("- \($0)") }
        }
        if !problems.isEmpty || (survivors > 0 && !allowSurvivors) { throw ExitCode.failure }
    }

    /// `verify --copies`: every selected exercise's verdict, the failing ones marked.
    func reportCopies(in course: Course) throws {
        guard let chosen = ExerciseSelection(selection) else {
            throw ValidationError("'\(selection ?? "")' is not a chapter (2) or an exercise (2.1)")
        }
        let check = CopyCheck(course: course)
        let verdicts = try course.exercises().filter { chosen.contains($0.id) }.map(check.verdict)
        for verdict in verdicts {
            print(verdict.isCopy ? "✘" : "✔", verdict.summary)
            for run in verdict.runs { print("      \(run.block): \(run.tokens)") }
        }
        let copies = verdicts.filter(\.isCopy).count
        print(
            "\ncopies: \(copies) of \(verdicts.count) solutions reach \(Int((CopyCheck.maximumShare * 100).rounded())) % "
                + "in runs of \(CopyCheck.minimumRun) tokens or more.")
        if copies > 0 { throw ExitCode.failure }
    }
}

struct Listings: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that the chapters' code and output blocks match their sources (--write regenerates them).")

    @Flag(help: "Rewrite the blocks from their sources instead of checking them.")
    var write = false

    func run() throws {
        let problems = try Workshop.Listings(course: try currentCourse()).check(write: write)
        guard problems.isEmpty else {
            print("listings: \(problems.count) problem(s):")
            problems.forEach { print("- \($0)") }
            throw ExitCode.failure
        }
        print(
            write
                ? "listings: the chapters' blocks are written from their sources."
                : "listings: every block matches its source, and every region is used.")
    }
}

struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Render the course as a website (DocC): chapters, exercises and API reference, diagrams drawn.")

    @Flag(help: "Then serve it on 127.0.0.1 and print the address (Ctrl-C stops).")
    var serve = false

    @Option(help: "The port for --serve; 0 picks a free one.")
    var port = 0

    @Flag(help: "Then check every page in headless Chromium, and save a screenshot of each chapter.")
    var check = false

    /// The site is a program of its own (`workshop-site`), so that a learner's first
    /// `swift run workshop` does not compile it: this builds it, the first time, and runs it in
    /// this process's place.
    func run() throws {
        let course = try currentCourse()
        var arguments = ["swift", "run", "--package-path", course.root.path, "workshop-site"]
        if serve { arguments += ["--serve", "--port", String(port)] }
        if check { arguments.append("--check") }
        print("(the first `workshop site` builds the site's own program, a minute or two; later ones start at once)")
        fflush(nil)  // what `print` buffered goes out before this process is replaced
        let argv = arguments.map { strdup($0) } + [nil]
        execvp("swift", argv)
        throw ValidationError(
            "could not run `\(arguments.joined(separator: " "))`: \(String(cString: strerror(errno)))")
    }
}

/// `workshop rebuild`: a chapter's module written by the learner, checked by the chapter's own tests
/// in stages.
struct Rebuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuild a chapter's module yourself, checked stage by stage by the chapter's own tests.",
        subcommands: [
            RebuildSetupCommand.self, RebuildCheckCommand.self, RebuildDiffCommand.self, RebuildVerifyCommand.self,
        ],
        defaultSubcommand: RebuildSetupCommand.self)
}

/// Where the learner's rebuilt modules are: `--workspace`, else `WORKSHOP_REBUILD`, else `rebuild/`.
struct WorkspaceOption: ParsableArguments {
    @Option(help: "Your rebuild workspace (default: $WORKSHOP_REBUILD, else rebuild/ in the course).")
    var workspace: String?

    func resolve() throws -> RebuildWorkspace {
        let course = try currentCourse()
        let folder =
            workspace.map { path in
                path.hasPrefix("/")
                    ? URL(fileURLWithPath: path)
                    : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
            } ?? RebuildWorkspace.defaultFolder(for: course)
        return RebuildWorkspace(course: course, folder: folder)
    }
}

struct RebuildSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Set up your own module of a chapter: its public surface, every body to write (`rebuild 2`).")

    @Argument(help: "The chapter, e.g. 2.")
    var chapter: Int

    @Flag(help: "Start again from the starter; your module is moved aside first (asks).")
    var fresh = false

    @Flag(help: "With --fresh, do not ask.")
    var yes = false

    @OptionGroup var options: WorkspaceOption

    func run() throws {
        let setup = RebuildSetup(
            workspace: try options.resolve(), terminal: .current, write: { print($0) },
            confirm: { question in
                if yes { return true }
                print(question + " [y/N] ", terminator: "")
                return readLine()?.lowercased().hasPrefix("y") == true
            })
        try setup.run(chapter: chapter, fresh: fresh)
    }
}

struct RebuildCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Build your module with the chapter's tests and run stages 1 to K.")

    @Argument(help: "The chapter, e.g. 2.")
    var chapter: Int

    @Option(help: "The last stage to run (default: the first stage not yet passed).")
    var stage: Int?

    @Option(help: "Earlier chapters to take from your workspace instead of the course, e.g. 2,3.")
    var own: String?

    @OptionGroup var options: WorkspaceOption

    func run() throws {
        let workspace = try options.resolve()
        let ownChapters = try (own ?? "").split(separator: ",").map { text in
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--own takes chapter numbers, e.g. 2,3")
            }
            return number
        }
        print(
            "(a check builds what changed since the last one; one that compiles a package for the first time says so)")
        let check = RebuildCheck(workspace: workspace, terminal: .current) { print($0) }
        var progress = LearnerProgress.load(for: workspace.course)
        let passed = try check.run(chapter: chapter, through: stage, own: ownChapters, progress: &progress)
        try progress.save(for: workspace.course)
        if !passed { throw ExitCode.failure }
    }
}

struct RebuildDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Compare your module with the course's, once every stage passes.")

    @Argument(help: "The chapter, e.g. 2.")
    var chapter: Int

    @Flag(help: "Show it before every stage passes.")
    var anyway = false

    @OptionGroup var options: WorkspaceOption

    func run() throws {
        let workspace = try options.resolve()
        let rebuilt = try RebuildChapter.named(chapter, in: workspace.course)
        if !anyway,
            let reason = RebuildDiff.withheld(
                chapter: rebuilt, plan: try StagePlan.load(for: rebuilt, course: workspace.course),
                progress: .load(for: workspace.course))
        {
            print(reason)
            throw ExitCode.failure
        }
        let diff = try RebuildDiff.diff(chapter: rebuilt, workspace: workspace, color: Terminal.current.usesColor)
        print(
            diff.isEmpty
                ? "Your module is the course's, line for line." : "From your module (-) to the course's (+):\n\n" + diff
        )
    }
}

struct RebuildVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "For authors and CI: every chapter's stages cover its tests, the course's module passes them all, every wrong module fails one, the starter fails stage 1."
    )

    @Option(help: "Only these chapters, e.g. 2,9 (default: every chapter).")
    var chapters: String?

    @Flag(
        help:
            "Show, for each wrong module, the first stage it fails and what a learner who makes that mistake sees there (the stages run in order, not the recorded one first)."
    )
    var showWrongModules = false

    @Option(help: "Only these wrong modules (file names without .patch, e.g. unsorted-keys), and no starters.")
    var wrongModules: String?

    @Option(
        help:
            "Build in this folder, relative to the course (default: .build/rebuild-verify); verifiers with folders of their own can run at once."
    )
    var workspace: String?

    func run() throws {
        var verifier = RebuildVerifier(course: try currentCourse())
        if let workspace { verifier.folder = workspace }
        verifier.runsCaughtStageFirst = !showWrongModules
        let start = Date()
        verifier.progress = { step in
            let elapsed = Int(Date().timeIntervalSince(start))
            // Written at once, not buffered as `print` is into a pipe: a CI log shows each step as it starts.
            let line = String(format: "[%02d:%02d] ", elapsed / 60, elapsed % 60) + step + "…\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        var wrongModuleTime = 0.0
        var wrongModuleCount = 0
        let show = showWrongModules
        verifier.caught = { caught in
            wrongModuleTime += caught.seconds
            wrongModuleCount += 1
            guard show else { return }
            let text =
                "\n\(caught.module.name): \(caught.module.mistake)\n  caught at stage \(caught.stage), \(caught.stageTitle) "
                + String(format: "(%.1f s)", caught.seconds) + ". A learner who makes this mistake sees:\n"
                + caught.lines.map {
                    $0.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(
                        separator: "\n")
                }
                .joined(separator: "\n") + "\n"
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        verifier.onlyWrongModules = wrongModules.map {
            Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        let only = (chapters ?? "").split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let problems = try verifier.run(only: only)
        if wrongModuleCount > 0 {
            print(
                String(
                    format: "\n%d wrong modules caught in %.0f s (each: apply, build, run stages until one fails).",
                    wrongModuleCount, wrongModuleTime))
        }
        guard problems.isEmpty else {
            print("\nrebuild verify found \(problems.count) problem(s):")
            problems.forEach { print("- \($0)") }
            throw ExitCode.failure
        }
        print(
            "rebuild verify: every chapter's stages cover its tests, the course's module passes every stage, every wrong module fails one, "
                + "and each starter compiles and fails stage 1.")
    }
}
