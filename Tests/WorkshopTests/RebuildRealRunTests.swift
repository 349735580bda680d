import Foundation
import Testing
@testable import Workshop

extension RealRuns {
    /// The rebuild track against real builds of a tiny course: one chapter module, two stages, and a
    /// learner's module whose first test traps. Slow (each step builds), so the steps share one course.
    @Suite("Real rebuilds of a tiny course")
    struct RebuildRealRunTests {
        static let course: Result<CourseFolder, any Error> = Result {
            let course = CourseFolder(
                root: RealRuns.RealRunTests.repository.appendingPathComponent(".build/workshop-tests/rebuild-course"))
            try course.write(
                "Package.swift",
                """
                // swift-tools-version: 6.2
                import PackageDescription
                let package = Package(name: "Tiny", targets: [
                    .target(name: "Doubler", path: "Sources/02-Doubler"),
                    .testTarget(name: "DoublerTests", dependencies: ["Doubler"], path: "Tests/02-DoublerTests", exclude: ["stages.md", "WrongModules"]),
                ])
                """)
            try course.write("exercises/Package.swift", "")
            try course.write(
                "Sources/02-Doubler/Doubler.swift",
                """
                public func doubled(_ x: UInt8) -> UInt8 { x &* 2 }

                public struct Counter: Equatable {
                    public private(set) var count = 0
                    public init() {}
                    public mutating func tick() { count += 1 }
                }

                public func halved(_ x: Int) -> Int { x / 2 }
                """)
            // Run one at a time, in order, so that the trap in the first test stops the process before
            // the second starts: only a second run can judge it.
            try course.write(
                "Tests/02-DoublerTests/DoublerTests.swift",
                """
                import Doubler
                import Testing

                @Suite(.serialized) struct DoublingTests {
                    @Test("Doubling wraps around") func wraps() { #expect(doubled(200) == 144) }
                    @Test("Doubling a small number") func small() { #expect(doubled(3) == 6) }
                }

                @Test("A counter counts") func counts() {
                    var counter = Counter()
                    counter.tick()
                    #expect(counter.count == 1)
                }

                // One at a time, in order: the first records a failure and then crashes (on the learner's
                // module), which stops the second before it starts.
                @Suite(.serialized) struct HalvingTests {
                    @Test("Halving, then halving nothing") func halves() {
                        #expect(halved(10) == 5)
                        #expect(halved(0) == 0)
                    }
                    @Test("Halving one gives nothing") func halvesOne() { #expect(halved(1) == 0) }
                }
                """)
            try course.write(
                "Tests/02-DoublerTests/stages.md",
                """
                ## Stage 1: Doubling

                Double a byte, wrapping around.

                - DoublingTests/wraps
                - DoublingTests/small

                ## Stage 2: Counting

                Count the ticks.

                - counts

                ## Stage 3: Halving

                Halve an integer.

                - HalvingTests/halves
                - HalvingTests/halvesOne
                """)
            // The learner's attempt: the obvious doubling traps on overflow; the counter never counts.
            // When the two suites run at once, two tests trap: halving nothing records its failure, then
            // holds its thread (a gate nobody opens, for 5 s) while doubling traps, so the process dies
            // in doubling with halving's failure recorded and its trap still to come. Doubling waits for
            // that moment (at most 3 s, when halving does not run beside it). Either bound passed first
            // only lets the traps come in the usual order, which the runner reports as truly.
            try course.write(
                "rebuild/02-Doubler/Doubler.swift",
                """
                import Dispatch

                let halvingNothing = DispatchSemaphore(value: 0)
                let neverOpened = DispatchSemaphore(value: 0)

                public func doubled(_ x: UInt8) -> UInt8 {
                    _ = halvingNothing.wait(timeout: .now() + 3)
                    return x * 2
                }

                public struct Counter: Equatable {
                    public var count: Int { 0 }
                    public init() {}
                    public mutating func tick() {}
                }

                public func halved(_ x: Int) -> Int {
                    guard x == 0 else { return x / 3 }
                    halvingNothing.signal()
                    _ = neverOpened.wait(timeout: .now() + 5)
                    fatalError("nothing to halve")
                }
                """)
            // Wrong modules, each a patch against the course's module: one caught, and proven so.
            try course.write(
                "Tests/02-DoublerTests/WrongModules/counter-never-counts.patch",
                """
                The counter's tick does nothing.

                diff --git a/Doubler.swift b/Doubler.swift
                --- a/Doubler.swift
                +++ b/Doubler.swift
                @@ -4,4 +4,4 @@ public struct Counter: Equatable {
                     public private(set) var count = 0
                     public init() {}
                -    public mutating func tick() { count += 1 }
                +    public mutating func tick() {}
                 }

                """)
            return course
        }

        static var workspace: RebuildWorkspace {
            get throws {
                let course = try Self.course.get().course
                return RebuildWorkspace(course: course, folder: course.root.appendingPathComponent("rebuild"))
            }
        }

        @Test(
            "A trap in one test is named with the runtime's message and the learner's line, and the other tests still get their verdicts"
        )
        func trapIsolated() throws {
            let workspace = try Self.workspace
            var text = ""
            let check = RebuildCheck(workspace: workspace, terminal: .plain) { text += $0 + "\n" }
            var progress = LearnerProgress()
            #expect(try !check.run(chapter: 2, through: 2, progress: &progress))
            #expect(text.contains("✘ Stage 1, Doubling: 1 of 2 tests fail"), "\(text)")
            #expect(text.contains("✘ Doubling wraps around  (DoublingTests/wraps)"), "\(text)")
            #expect(text.contains("arithmetic overflow"), "\(text)")
            #expect(text.contains("at 02-Doubler/Doubler.swift:8:"), "\(text)")  // return x * 2
            #expect(text.contains("✘ Stage 2, Counting: 1 of 1 tests fail"), "\(text)")
            #expect(text.contains("Expectation failed"), "\(text)")
            #expect(!text.contains("Registers"), "\(text)")
            #expect(progress.rebuildStages(chapter: 2) == [1: false, 2: false])
        }

        @Test("The runner judges the test a crash stopped by running it again, without building")
        func rerun() throws {
            let workspace = try Self.workspace
            let course = workspace.course
            let chapter = try RebuildChapter.named(2, in: course)
            let manifest = try CourseManifest.load(packageAt: course.root)
            try workspace.package.prepare(
                try workspace.testLayout(for: chapter, own: [], manifest: manifest), manifest: manifest)
            let runner = StageRunner(
                package: workspace.package, testTarget: chapter.testTarget,
                paths: workspace.learnerPaths(for: [chapter], manifest: manifest))
            let report = try runner.run(["DoublingTests/wraps", "DoublingTests/small"])
            #expect(report.runs == 2)
            #expect(report.verdicts["DoublingTests/small"]?.passed == true)
            #expect(report.verdicts["DoublingTests/wraps"]?.crashed == true)
        }

        @Test(
            "A test that records a failure and then crashes is named with both, with the learner's line, and the test it stopped runs again and passes"
        )
        func failureThenCrash() throws {
            let workspace = try Self.workspace
            var text = ""
            let check = RebuildCheck(workspace: workspace, terminal: .plain) { text += $0 + "\n" }
            var progress = LearnerProgress()
            #expect(try !check.run(chapter: 2, through: 3, progress: &progress))
            #expect(text.contains("✘ Stage 3, Halving: 1 of 2 tests fail"), "\(text)")
            #expect(text.contains("✘ Halving, then halving nothing  (HalvingTests/halves)"), "\(text)")
            #expect(text.contains("after it recorded a failure"), "\(text)")
            #expect(text.contains("Fatal error: nothing to halve"), "\(text)")
            #expect(text.contains("at 02-Doubler/Doubler.swift:"), "\(text)")
            #expect(text.contains("Expectation failed: (halved(10) → 3) == 5"), "\(text)")
            #expect(progress.rebuildStages(chapter: 2)[1] == false)  // stage 1 keeps its own verdict: the doubling trap
        }

        @Test(
            "Verify proves a wrong module wrong, and names the one that passes every stage, the one that does not compile and the one that no longer applies"
        )
        func wrongModules() throws {
            let folder = try Self.course.get()
            let course = folder.course
            // Each hunk keeps two lines of context after it (the empty line 2 is " " in a patch):
            // `git apply` refuses a hunk with none.
            let context = " \n public struct Counter: Equatable {\n"
            let header = "diff --git a/Doubler.swift b/Doubler.swift\n--- a/Doubler.swift\n+++ b/Doubler.swift\n"
            let patches = [
                "harmless": "A comment, which no test can notice.\n\n" + header + "@@ -1,3 +1,4 @@\n+// a comment\n"
                    + " public func doubled(_ x: UInt8) -> UInt8 { x &* 2 }\n" + context,
                "broken": "Does not compile.\n\n" + header
                    + "@@ -1,3 +1,3 @@\n-public func doubled(_ x: UInt8) -> UInt8 { x &* 2 }\n"
                    + "+public func doubled(_ x: UInt8) -> UInt8 { x &* }\n" + context,
                "stale": "Made against a module that has changed since.\n\n" + header + "@@ -1,3 +1,3 @@\n"
                    + "-public func tripled(_ x: UInt8) -> UInt8 { x &* 3 }\n+public func tripled(_ x: UInt8) -> UInt8 { x &* 4 }\n"
                    + context,
            ]
            for (name, text) in patches { try folder.write("Tests/02-DoublerTests/WrongModules/\(name).patch", text) }
            defer {
                for name in patches.keys {
                    try? FileManager.default.removeItem(
                        at: course.root.appendingPathComponent("Tests/02-DoublerTests/WrongModules/\(name).patch"))
                }
            }
            var verifier = RebuildVerifier(course: course)
            verifier.onlyWrongModules = ["counter-never-counts", "harmless", "broken", "stale"]
            var caught: [WrongModuleCatch] = []
            verifier.caught = { caught.append($0) }
            let problems = try verifier.run()
            #expect(caught.map(\.module.slug) == ["counter-never-counts"])
            #expect(caught.first?.stage == 2)
            #expect(
                caught.first?.lines.joined(separator: "\n").contains("✘ A counter counts  (counts)") == true,
                "\(caught)")
            #expect(problems.count == 3, "\(problems)")
            #expect(
                problems.contains {
                    $0.contains("chapter 2, harmless (A comment, which no test can notice.) passes every stage")
                }, "\(problems)")
            #expect(
                problems.contains {
                    $0.contains("chapter 2, broken") && $0.contains("does not compile")
                        && $0.contains("02-Doubler/Doubler.swift:1")
                }, "\(problems)")
            #expect(
                problems.contains { $0.contains("chapter 2, stale") && $0.contains("no longer applies") }, "\(problems)"
            )
        }

        @Test(
            "Verify runs first the stage that caught a wrong module last time, and records the stage that caught each one"
        )
        func caughtStagesFirst() throws {
            let folder = try Self.course.get()
            let course = folder.course
            // Caught by stage 2 (the counter) and by stage 3 (halving): which one names it depends on
            // which runs first.
            // The module's file has no newline at its end, and a line of a patch holding only a space
            // would not survive an editor: so the patch is written piece by piece.
            let noNewline = "\\ No newline at end of file\n"
            try folder.write(
                "Tests/02-DoublerTests/WrongModules/counter-and-halving.patch",
                "The counter's tick does nothing, and halving divides by three.\n\n"
                    + "diff --git a/Doubler.swift b/Doubler.swift\n--- a/Doubler.swift\n+++ b/Doubler.swift\n"
                    + "@@ -5,5 +5,5 @@ public struct Counter: Equatable {\n     public init() {}\n"
                    + "-    public mutating func tick() { count += 1 }\n+    public mutating func tick() {}\n }\n \n"
                    + "-public func halved(_ x: Int) -> Int { x / 2 }\n" + noNewline
                    + "+public func halved(_ x: Int) -> Int { x / 3 }\n" + noNewline)
            let record = course.root.appendingPathComponent("Tests/02-DoublerTests/WrongModules/caught-stages.txt")
            defer {
                try? FileManager.default.removeItem(at: record)
                try? FileManager.default.removeItem(
                    at: course.root.appendingPathComponent(
                        "Tests/02-DoublerTests/WrongModules/counter-and-halving.patch"))
            }
            // A record with a stage that catches it, and one out of date (stage 3 passes with the
            // counter alone broken), and a line for a wrong module that no longer exists.
            try folder.write(
                "Tests/02-DoublerTests/WrongModules/caught-stages.txt",
                "# a record\ncounter-and-halving 3\ncounter-never-counts 3\ngone 1\n")
            var verifier = RebuildVerifier(course: course)
            verifier.onlyWrongModules = ["counter-never-counts", "counter-and-halving"]
            var caught: [String: Int] = [:]
            verifier.caught = { caught[$0.module.slug] = $0.stage }
            #expect(try verifier.run().isEmpty)
            #expect(caught == ["counter-and-halving": 3, "counter-never-counts": 2], "the recorded stage runs first")
            let written = try String(contentsOf: record, encoding: .utf8)
            #expect(written.hasSuffix("counter-and-halving 3\ncounter-never-counts 2\n"), "\(written)")
            #expect(!written.contains("gone"), "\(written)")

            // In order (`--show-wrong-modules`): the first stage a learner would see fail.
            verifier.runsCaughtStageFirst = false
            caught = [:]
            #expect(try verifier.run().isEmpty)
            #expect(caught == ["counter-and-halving": 2, "counter-never-counts": 2], "in order")
        }

        @Test(
            "Verify: the course's module passes every stage through the rebuild path, and the starter compiles and fails stage 1"
        )
        func verify() throws {
            let course = try Self.course.get().course
            let problems = try RebuildVerifier(course: course).run()
            #expect(problems.isEmpty, "\(problems)")
            let starter = try String(
                contentsOf: course.root.appendingPathComponent(".build/rebuild-verify/02-Doubler/Doubler.swift"),
                encoding: .utf8)
            #expect(
                starter.contains("public func doubled(_ x: UInt8) -> UInt8 {\n    fatalError(\"not written yet\")\n}"),
                "\(starter)")
            #expect(starter.contains("public struct Counter : Equatable {"), "\(starter)")
            #expect(
                starter.contains("public var count: Int {\n        fatalError(\"not written yet\")\n    }"),
                "\(starter)")
            #expect(!starter.contains("static func =="), "\(starter)")
        }
    }
}
