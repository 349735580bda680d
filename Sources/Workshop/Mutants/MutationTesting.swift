import Foundation

/// `workshop verify --mutants`: mutation testing of the exercises' reference solutions, which
/// makes weak answer tests visible. Each solution is mutated in small ways (`MutationOperators`),
/// only on the lines it adds to its stub (what a learner writes); every mutant is built into one
/// schema per exercise (`MutantSchema`), and the exercise's answer tests run once per mutant. A
/// mutant the tests let through is a *survivor*: either a test is missing, or the mutant cannot
/// change what the solution does, and is then listed as equivalent, with its reason, in the
/// exercise's mutants file (`MutantsFile`).
///
/// Each run writes its result into the mutants file, under the hash of what it depends on, so
/// that CI (`--changed`) runs only the exercises whose hash moved since their file was written.
package struct MutationTesting: Sendable {
    package let course: Course
    package var selection: ExerciseSelection = .all
    /// Only the exercises whose record is missing or out of date; the others are judged by their
    /// record. An out-of-date record is then a problem itself: the commit should have carried it.
    package var changedOnly = false
    /// Test processes at once.
    package var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// A mutant's tests may run this long plus four times the time they took with no mutant, and
    /// are then stopped: a mutant that hangs is killed. Generous, since the machine may be busy.
    package var minimumTimeLimit: TimeInterval = 10
    package var progress: @Sendable (String) -> Void = { _ in }

    package init(course: Course) { self.course = course }

    /// Where the schemata are built from, relative to the exercises package.
    static let variantRoot = ".workshop/mutants"

    /// What one exercise's run (or record) says.
    package struct Outcome: Sendable {
        package var exercise: ExerciseID
        /// Nil when the exercise was judged by its record alone.
        package var mutants: [Mutant]?
        package var summary: String
        /// Unlisted survivors, each with the test target it escaped.
        package var survivors: [MutantsFile.Entry]
        /// Equivalent entries that no survivor matches, with why.
        package var stale: [MutantsFile.Entry]
        /// The mutants file, for messages.
        package var file: String
        /// The mutants that did not compile, and were left out.
        package var dropped: [Mutant] = []
    }

    /// Each selected exercise's outcome, and the problems that are not survivors (a record out of
    /// date in `--changed`, a mutants file that cannot be read, a build that fails).
    package func run() throws -> (outcomes: [Outcome], problems: [String]) {
        let exercises = try course.exercises().filter { selection.contains($0.id) && $0.solutionFolder != nil }
        guard !exercises.isEmpty else { return ([], ["no exercise matches '\(selection.manifestValue)'"]) }
        let tool = try toolFiles()
        var outcomes: [Outcome] = []
        var problems = try orphanFiles()
        var toRun: [(exercise: ExerciseGuide, file: MutantsFile, hash: String)] = []
        for exercise in exercises {
            let url = mutantsFile(of: exercise)
            let existing = (try? String(contentsOf: url, encoding: .utf8)).map(MutantsFile.init(parsing:))
            let file = existing ?? MutantsFile(authored: MutantsFile.header(for: exercise.id))
            problems += file.malformed.map {
                "\(exercise.id): \(course.relative(url)) has a line that is no entry: \"\($0)\"; an entry is `equivalent: <file>`, a `- ` line, a `+ ` line and the reason"
            }
            problems += file.equivalents.filter { $0.note.isEmpty }.map {
                "\(exercise.id): \(course.relative(url)) lists \($0.file) `\($0.mutated)` as equivalent without a reason; say why it cannot change behaviour"
            }
            let hash = MutantsFile.hash(tool: tool, exercise: try exerciseFiles(exercise), authored: file.authored)
            if changedOnly, let record = file.record, record.hash == hash {
                outcomes.append(
                    Outcome(
                        exercise: exercise.id, mutants: nil, summary: record.summary + " (recorded)",
                        survivors: record.survived, stale: record.stale, file: course.relative(url)))
            } else {
                toRun.append((exercise, file, hash))
                if changedOnly {
                    problems.append(
                        "\(exercise.id): \(course.relative(url)) "
                            + (file.record == nil
                                ? "has no record of a mutants run" : "records a run of an older version")
                            + " (the solution, stub, tests, this file or the tool changed since); this run has rewritten it: commit it"
                    )
                }
            }
        }
        guard !toRun.isEmpty else { return (outcomes, problems) }

        var schemata = try toRun.map { try schema(of: $0.exercise) }
        let madeMutants = schemata.map(\.mutants)
        let made = madeMutants.map(\.count)
        progress(
            "mutants of \(toRun.map(\.exercise.id.description).joined(separator: ", ")): \(made.reduce(0, +)) in all")
        // An exercise with no mutant (a prediction of strings, say) needs no build and no run.
        let mutated = toRun.indices.filter { made[$0] > 0 }
        var mutatedSchemata = mutated.map { schemata[$0] }
        let build = try buildSchemata(&mutatedSchemata, exercises: mutated.map { toRun[$0].exercise })
        for (index, schema) in zip(mutated, mutatedSchemata) { schemata[index] = schema }
        problems += build.problems

        let runnable = mutated.filter { !build.failed.contains(toRun[$0].exercise.id) }
        let results = try runMutants(runnable.map { (toRun[$0].exercise, schemata[$0]) })
        problems += results.problems
        for index in toRun.indices where made[index] == 0 || runnable.contains(index) {
            let (exercise, file, hash) = toRun[index]
            guard let killedBy = made[index] == 0 ? [:] : results.killedBy[exercise.id] else { continue }
            let mutants = schemata[index].mutants
            let survivors = Set(mutants.filter { killedBy[$0.id] == nil }.map(\.id))
            let judged = file.judge(mutants: mutants, survivors: survivors, killedBy: killedBy)
            let dropped = made[index] - mutants.count
            let equivalent = survivors.count - judged.unlisted.count
            var summary = "\(mutants.count) mutants" + (dropped > 0 ? " (and \(dropped) that did not compile)" : "")
            summary +=
                ", \(mutants.count - survivors.count) killed, \(equivalent) equivalent, \(judged.unlisted.count) survived"
            if !judged.stale.isEmpty { summary += ", \(judged.stale.count) stale entries" }
            let escaped = exercise.id.testModuleName
            let survivorEntries = judged.unlisted.map {
                MutantsFile.Entry(
                    file: $0.file, original: $0.original, mutated: $0.mutated,
                    note: "\($0.place), \($0.kind.rawValue), escaped \(escaped)")
            }
            let staleEntries = judged.stale.map { stale in
                MutantsFile.Entry(
                    file: stale.entry.file, original: stale.entry.original, mutated: stale.entry.mutated,
                    note: "\(stale.entry.file), \(stale.why)")
            }
            var written = file
            written.record = .init(hash: hash, summary: summary, survived: survivorEntries, stale: staleEntries)
            let url = mutantsFile(of: exercise)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try written.text.write(to: url, atomically: true, encoding: .utf8)
            let kept = Set(mutants.map { "\($0.file)\n\($0.original)\n\($0.mutated)" })
            outcomes.append(
                Outcome(
                    exercise: exercise.id, mutants: mutants, summary: summary, survivors: survivorEntries,
                    stale: staleEntries, file: course.relative(url),
                    dropped: madeMutants[index].filter { !kept.contains("\($0.file)\n\($0.original)\n\($0.mutated)") }))
        }
        return (outcomes.sorted { $0.exercise < $1.exercise }, problems)
    }

    // MARK: Files

    /// Mutants files that belong to no exercise (one renamed, say), whose entries nothing reads.
    func orphanFiles() throws -> [String] {
        let known = Set(try course.exercises().map { mutantsFile(of: $0).standardizedFileURL.path })
        var problems: [String] = []
        for chapter in try contents(of: course.exercisesFolder) where chapter.lastPathComponent.first?.isNumber == true
        {
            for file in try contents(of: chapter.appendingPathComponent("Mutants"))
            where !known.contains(file.standardizedFileURL.path) {
                problems.append(
                    "\(course.relative(file)) belongs to no exercise; name it after the exercise's folder in Sources, with .txt"
                )
            }
        }
        return problems
    }

    /// `exercises/NN-slug/Mutants/N.k-name.txt`.
    func mutantsFile(of exercise: ExerciseGuide) -> URL {
        exercise.chapterFolder.appendingPathComponent("Mutants/\(exercise.folderName ?? exercise.id.description).txt")
    }

    /// The tool's own sources, which the hash covers: a change to an operator changes every verdict.
    /// (None, in a course that does not hold the tool's sources.)
    func toolFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let folder = course.sourcesFolder.appendingPathComponent("Workshop/Mutants")
        for url in try contents(of: folder) + [course.sourcesFolder.appendingPathComponent("Workshop/CodeTokens.swift")]
        where url.pathExtension == "swift" {
            files[course.relative(url)] = try? Data(contentsOf: url)
        }
        return files
    }

    /// What an exercise's verdicts depend on: its stub, solution and answer tests.
    func exerciseFiles(_ exercise: ExerciseGuide) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for folder in [exercise.stubFolder, exercise.solutionFolder, exercise.testsFolder].compactMap({ $0 }) {
            // Hidden files (a Finder's `.DS_Store`) are no part of the exercise, and differ by machine.
            for (path, data) in try FileTree.files(in: folder)
            where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                files[course.relative(folder.appendingPathComponent(path))] = data
            }
        }
        return files
    }

    // MARK: The schema of each exercise

    /// Every site of the lines each solution file adds to its stub.
    func schema(of exercise: ExerciseGuide) throws -> MutantSchema {
        let stub = try CopyCheck.sourceFiles(in: exercise.stubFolder)
        let solution = try CopyCheck.sourceFiles(in: exercise.solutionFolder)
        var files: [(path: String, operators: MutationOperators, sites: [MutationSite])] = []
        for path in solution.keys.sorted() where path.hasSuffix(".swift") {
            let text = solution[path]!
            let operators = MutationOperators(text)
            files.append(
                (path, operators, operators.sites(onLines: Self.addedLines(stub: stub[path] ?? "", solution: text))))
        }
        return MutantSchema(exercise: exercise.id, files: files)
    }

    /// The lines (from 0) of `solution` whose code `stub` does not have, compared token by token.
    static func addedLines(stub: String, solution: String) -> Set<Int> {
        let mine = CodeTokens.lines(solution)
        let code = mine.indices.filter { !mine[$0].isEmpty }
        let given = CodeTokens.lines(stub).filter { !$0.isEmpty }.map { $0.joined(separator: " ") }
        let added = CopyCheck.addedLines(given, code.map { mine[$0].joined(separator: " ") })
        return Set(added.map { code[$0] })
    }

    // MARK: Building

    /// Writes and builds every schema, dropping the sites (or a literal's variants) the compiler
    /// refuses, until it builds. The exercises whose errors cannot be put on a site are left out.
    ///
    /// SwiftPM stops a build at the first module that fails, so its errors would name only a few
    /// schemata at a time. Instead, each exercise's module is compiled by itself (its command read
    /// from the build plan SwiftPM wrote), all of them in one pass, again and again until each
    /// compiles; then one build compiles the tests and links. The modules' own compile commands
    /// read files SwiftPM writes as it builds (the list of sources, the output file map): a first
    /// build of the plain solutions, from where the schemata will be, writes them for every module.
    func buildSchemata(_ schemata: inout [MutantSchema], exercises: [ExerciseGuide]) throws -> (
        problems: [String], failed: Set<ExerciseID>
    ) {
        var failed = Set<ExerciseID>()
        var problems: [String] = []
        var written: [[MutantSchema.File]] = Array(repeating: [], count: exercises.count)
        var supportPlaces: [[(site: Int, lines: ClosedRange<Int>)]] = Array(repeating: [], count: exercises.count)
        func write(_ index: Int) throws {
            let schema = schemata[index].write()
            (written[index], supportPlaces[index]) = (schema.files, schema.supportPlaces)
            try materialize(schema.files, support: schema.support, of: exercises[index])
            forgetIncrementalState(of: exercises[index].id.moduleName)
        }
        /// Drops the sites `errors` name in exercise `index`: false when there are errors and none
        /// can be put on a site.
        func drop(_ errors: [MutantSchema.CompilerError], of index: Int) -> Bool {
            var culprits: [(site: Int, variant: Int?)] = []
            for error in errors {
                let name = URL(fileURLWithPath: error.path).lastPathComponent
                if name == MutantSchema.supportFile {
                    culprits += supportPlaces[index].filter { $0.lines.contains(error.line) }.map { ($0.site, nil) }
                } else if let file = written[index].first(where: { error.path.hasSuffix("/" + $0.path) }) {
                    if let statements = schemata[index].statementCulprits(of: error, path: file.path),
                        !statements.isEmpty
                    {
                        culprits += statements
                    } else {
                        culprits += MutantSchema.culprits(of: error, in: file)
                        culprits += MutantSchema.nearestCulprits(of: error, in: file)
                    }
                }
            }
            return schemata[index].drop(culprits)
        }
        guard !exercises.isEmpty else { return ([], []) }
        func build(_ indices: [Int], tests: Bool, log: String) throws -> Shell.Result {
            let result = try Shell.run(
                ["swift", "build"] + (tests ? ["--build-tests"] : []) + [
                    "--package-path", course.exercisesFolder.path, "--scratch-path", scratchPath.path,
                ], in: course.root,
                environment: [
                    "WORKSHOP_EXERCISES": indices.map { exercises[$0].id.description }.joined(separator: ","),
                    "WORKSHOP_SOLUTIONS": "", "WORKSHOP_VARIANT_ROOT": Self.variantRoot,
                ])
            // Kept for an author who wants to see what the compiler said.
            try? result.output.write(
                to: course.exercisesFolder.appendingPathComponent("\(Self.variantRoot)/\(log).log"), atomically: true,
                encoding: .utf8)
            return result
        }
        func listed(_ errors: [MutantSchema.CompilerError], _ output: String) -> String {
            (errors.isEmpty
                ? output.split(separator: "\n").suffix(20).map { "    " + $0 }
                : errors.prefix(10).map { "    \($0.path):\($0.line):\($0.column): \($0.message)" })
                .joined(separator: "\n")
        }

        progress("building the solutions where their schemata go")
        for index in exercises.indices {
            try materialize(
                schemata[index].unmutated, support: MutantSchema.supportHeader(exercise: exercises[index].id),
                of: exercises[index])
        }
        let primed = try build(Array(exercises.indices), tests: false, log: "build-solutions")
        guard primed.succeeded else {
            let errors = MutantSchema.CompilerError.all(in: primed.output)
            return (
                [
                    "the exercises package does not build with the solutions themselves:\n"
                        + listed(errors, primed.output)
                ],
                Set(exercises.map(\.id))
            )
        }
        for index in exercises.indices { try write(index) }
        let commands = BuildPlanCommands.compileCommands(
            of: exercises.map(\.id.moduleName), plan: scratchPath.appendingPathComponent("debug.yaml"))
        for attempt in 1...4 {
            // Each schema by itself, until it compiles.
            var pending = exercises.indices.filter {
                !failed.contains(exercises[$0].id) && commands[exercises[$0].id.moduleName] != nil
            }
            var round = 0
            while !pending.isEmpty && round < 12 {
                round += 1
                progress("compiling \(pending.count) mutant schemata, each by itself (round \(round))")
                let compiled = Pool(jobs: jobs).map(pending.map { commands[exercises[$0].id.moduleName]! }) { command in
                    (try? Shell.run(command, in: URL(fileURLWithPath: "/"))) ?? Shell.Result(status: 1, output: "")
                }
                var next: [Int] = []
                for (index, result) in zip(pending, compiled) where !result.succeeded {
                    let errors = MutantSchema.CompilerError.all(in: result.output)
                    if drop(errors, of: index) {
                        try write(index)
                        next.append(index)
                    } else {
                        failed.insert(exercises[index].id)
                        problems.append(
                            "\(exercises[index].id): its mutant schema does not compile, and no mutant is to blame:\n"
                                + listed(errors, result.output))
                    }
                }
                pending = next
            }

            // Then all of them, with the tests, as the tests will run.
            let active = exercises.indices.filter { !failed.contains(exercises[$0].id) }
            guard !active.isEmpty else { break }
            progress("building the mutant schemata and the answer tests")
            let result = try build(active, tests: true, log: "build-\(attempt)")
            if result.succeeded { return (problems, failed) }
            let errors = MutantSchema.CompilerError.all(in: result.output)
            var named = false
            for index in active {
                let mine = errors.filter { $0.path.contains(folder(of: exercises[index]).path + "/") }
                guard !mine.isEmpty else { continue }
                named = true
                if drop(mine, of: index) {
                    try write(index)
                } else {
                    failed.insert(exercises[index].id)
                    problems.append(
                        "\(exercises[index].id): its mutant schema does not compile, and no mutant is to blame:\n"
                            + listed(mine, result.output))
                }
            }
            if !named {
                return (
                    problems + [
                        "the exercises package does not build with the mutant schemata:\n"
                            + listed(errors, result.output)
                    ],
                    Set(exercises.map(\.id))
                )
            }
        }
        return (problems + ["the mutant schemata still did not build after 4 builds"], Set(exercises.map(\.id)))
    }

    var scratchPath: URL { course.exercisesFolder.appendingPathComponent(".build-solutions") }

    /// Makes the next compile of `module` compile every file, whatever the dates say. A schema is
    /// written within a tenth of a second of the build before it, and the compiler's incremental
    /// check then once judged it unchanged: the tests ran against the plain solution, and every
    /// mutant "survived" (seen in CI, under load: `MutationRealRunTests/changedOnly`). Without its
    /// build record and its objects, the module is compiled whole; an exercise's module is small.
    func forgetIncrementalState(of module: String) {
        let folder = scratchPath.appendingPathComponent("debug/\(module).build")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in files where name == "primary.priors" || name.hasSuffix(".o") || name.hasSuffix(".swiftdeps") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// `exercises/.workshop/mutants/NN-slug/N.k-name`.
    func folder(of exercise: ExerciseGuide) -> URL {
        course.exercisesFolder.appendingPathComponent(
            "\(Self.variantRoot)/\(exercise.chapterFolder.lastPathComponent)/\(exercise.folderName ?? "")")
    }

    /// Writes an exercise's schema where the manifest looks for it: the solution's files, its Swift
    /// files rewritten, and the support file. Unchanged files keep their dates.
    func materialize(_ files: [MutantSchema.File], support: String, of exercise: ExerciseGuide) throws {
        guard let solution = exercise.solutionFolder else { return }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workshop-mutants-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(
            at: scratch.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: solution, to: scratch)
        for file in files {
            try file.text.write(to: scratch.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
        }
        try support.write(
            to: scratch.appendingPathComponent(MutantSchema.supportFile), atomically: true, encoding: .utf8)
        try FileTree.synchronize(folder(of: exercise), with: scratch)
    }

    // MARK: Running

    /// What killed each mutant, by exercise and mutant; a mutant that is not there survived.
    /// First a baseline per exercise, no mutant selected, which must pass: it proves the schema
    /// does what the solution does, and times the tests for the mutants' time limit.
    func runMutants(_ work: [(exercise: ExerciseGuide, schema: MutantSchema)]) throws -> (
        killedBy: [ExerciseID: [Int: String]], problems: [String]
    ) {
        let run = { @Sendable [course, scratchPath] (exercise: ExerciseID) in
            MutantTestRun.answerTests(of: exercise, in: course, scratchPath: scratchPath)
        }
        progress("the answer tests of \(work.count) exercises on their schemata, no mutant chosen")
        let baselines = Pool(jobs: jobs).map(work.map(\.exercise.id)) { exercise in
            run(exercise).run(exercise: exercise, mutant: 0, timeLimit: 600)
        }
        var problems: [String] = []
        var limits: [ExerciseID: TimeInterval] = [:]
        for (item, baseline) in zip(work, baselines) {
            guard case .passed = baseline.outcome else {
                let why: String
                switch baseline.outcome {
                case .killed(let how), .broken(let how): why = how
                case .passed: why = ""
                }
                problems.append(
                    "\(item.exercise.id): its answer tests do not pass on its mutant schema with no mutant chosen, so its mutants prove nothing: \(why)"
                )
                continue
            }
            limits[item.exercise.id] = minimumTimeLimit + 4 * baseline.seconds
        }

        let jobs = work.flatMap { item in
            limits[item.exercise.id] == nil ? [] : item.schema.mutants.map { (item.exercise.id, $0.id) }
        }
        let timeLimits = limits
        progress("\(jobs.count) mutants, \(self.jobs) at a time")
        let started = Date()
        let counter = Counter()
        let report = progress
        let outcomes = Pool(jobs: self.jobs).map(jobs) { job in
            let result = run(job.0).run(exercise: job.0, mutant: job.1, timeLimit: timeLimits[job.0]!)
            let done = counter.increment()
            if done % 50 == 0 || done == jobs.count {
                report("\(done) of \(jobs.count) mutants run in \(Int(Date().timeIntervalSince(started))) s")
            }
            return result
        }
        // Every verdict, with how long it took, for an author who wants to know what killed what.
        let mutants = Dictionary(uniqueKeysWithValues: work.map { ($0.exercise.id, $0.schema.mutants) })
        let log = zip(jobs, outcomes).map { job, result -> String in
            let mutant = mutants[job.0]?.first { $0.id == job.1 }
            let verdict: String
            switch result.outcome {
            case .passed: verdict = "survived"
            case .killed(let how): verdict = "killed: " + how
            case .broken(let why): verdict = "not judged: " + why
            }
            return "\(job.0) #\(job.1) \(mutant?.place ?? ""), \(mutant?.kind.rawValue ?? ""): \(verdict) "
                + String(format: "(%.1f s)", result.seconds)
        }
        try? (log.joined(separator: "\n") + "\n").write(
            to: course.exercisesFolder.appendingPathComponent("\(Self.variantRoot)/verdicts.txt"), atomically: true,
            encoding: .utf8)
        var killedBy: [ExerciseID: [Int: String]] = [:]
        for item in work where limits[item.exercise.id] != nil { killedBy[item.exercise.id] = [:] }
        for (job, outcome) in zip(jobs, outcomes.map(\.outcome)) {
            switch outcome {
            case .passed: continue
            case .killed(let how): killedBy[job.0]![job.1] = how
            case .broken(let why):
                // A problem of the tool, reported as such; never counted as a survivor.
                problems.append("\(job.0): mutant \(job.1) could not be judged: \(why)")
                killedBy[job.0]![job.1] = "not judged"
            }
        }
        return (killedBy, problems)
    }
}

extension MutantSchema {
    /// Drops the sites, or a literal's single variants, named by `culprits` (site numbers are
    /// counted over the whole exercise). True when something was dropped.
    ///
    /// An operator dropped takes with it the same operator's other sites on its line: in a chain
    /// (`a + b + c` of strings), the compiler names only the first that does not type-check.
    mutating func drop(_ culprits: [(site: Int, variant: Int?)]) -> Bool {
        var dropped = false
        var offset = 0
        for fileIndex in files.indices {
            let count = files[fileIndex].sites.count
            let sites = files[fileIndex].sites
            let tokens = files[fileIndex].operators.tokens
            var keep = [Bool](repeating: true, count: count)
            var variantsDropped = Set<Int>()
            for culprit in culprits where culprit.site >= offset && culprit.site < offset + count {
                let local = culprit.site - offset
                if let variant = culprit.variant, sites[local].variants.count > 1,
                    sites[local].variants.indices.contains(variant),
                    !variantsDropped.contains(local)
                {
                    variantsDropped.insert(local)
                    files[fileIndex].sites[local].variants.remove(at: variant)
                } else {
                    keep[local] = false
                    if case .infix = sites[local].shape {
                        for other in sites.indices
                        where sites[other].shape == sites[local].shape
                            && tokens[sites[other].token].line == tokens[sites[local].token].line
                        {
                            keep[other] = false
                        }
                    }
                }
                dropped = true
            }
            files[fileIndex].sites = zip(files[fileIndex].sites, keep).filter(\.1).map(\.0)
            offset += count
        }
        return dropped
    }
}

/// Runs work on a few threads at once, results in the order of the work.
private struct Pool {
    let jobs: Int

    func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ body: @escaping @Sendable (Item) -> Result)
        -> [Result]
    {
        let results = Results<Result>(count: items.count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, items.count))) { _ in
            while true {
                let index = next.increment() - 1
                guard index < items.count else { return }
                results.set(index, body(items[index]))
            }
        }
        return results.values.map { $0! }
    }

    /// The results as they come, from any thread.
    final class Results<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Value?]
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Value) { lock.withLock { storage[index] = value } }
        var values: [Value?] { lock.withLock { storage } }
    }
}

/// A count shared by threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
