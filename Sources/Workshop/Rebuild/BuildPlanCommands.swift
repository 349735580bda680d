import Foundation

/// The three commands that rebuild one module of an already built package and relink its tests,
/// read from the build plan SwiftPM wrote for it (`.build/debug.yaml`): compile the module, compile
/// the test target (the compiler's own incremental build does nothing when the module's interface
/// did not change), link the test binary.
///
/// For `rebuild verify`, which builds a hundred wrong modules that each differ from the last in a
/// file or two: run through SwiftPM, each of those builds spends about two seconds loading the
/// package and planning a build whose plan is already written, more than the compiling itself.
/// The plan is SwiftPM's own file, not an interface it promises, so anything unexpected in it (or a
/// command that fails for another reason than a compiler error) sends the caller back to SwiftPM.
struct BuildPlanCommands {
    /// Each command's arguments, in the order they run.
    let commands: [[String]]
    let folder: URL

    /// The commands for `module` and `testTarget` of the package in `folder`, or nil when its plan
    /// does not hold them as expected.
    static func read(packageAt folder: URL, module: String, testTarget: String) -> BuildPlanCommands? {
        guard let plan = try? String(contentsOf: folder.appendingPathComponent(".build/debug.yaml"), encoding: .utf8)
        else { return nil }
        let blocks = commandBlocks(plan)
        guard let compileModule = args(in: blocks, { $0.hasPrefix("C.\(module)-") && $0.hasSuffix("-debug.module") }),
            let compileTests = args(in: blocks, { $0.hasPrefix("C.\(testTarget)-") && $0.hasSuffix("-debug.module") }),
            let link = args(
                in: blocks, { $0.hasPrefix("C.") && $0.contains("PackageTests-") && $0.hasSuffix("-debug.test") })
        else { return nil }
        return BuildPlanCommands(
            commands: [compileModule, compileTests, link + fasterLinker(for: link)], folder: folder)
    }

    /// `-use-ld=lld` when the link runs on Linux with a toolchain that ships lld, else nothing.
    /// SwiftPM links with gold there; lld does the same link in 60 to 70% of the processor time
    /// (measured: a rebuild package's test binary, 0.33 s against 0.55 s, and chapter 12's, with
    /// the TLS stack, 0.84 s against 1.2 s). Over the four hundred wrong modules CI relinks, that
    /// is about two minutes of processor time. Only the commands run here change: SwiftPM's own
    /// builds, and the learner's, keep its choice.
    static func fasterLinker(for link: [String]) -> [String] {
        #if os(Linux)
        guard let compiler = link.first else { return [] }
        let lld = URL(fileURLWithPath: compiler).deletingLastPathComponent().appendingPathComponent("ld.lld")
        return FileManager.default.isExecutableFile(atPath: lld.path) ? ["-use-ld=lld"] : []
        #else
        return []
        #endif
    }

    /// The command that compiles each of `modules` by itself, from the plan at `plan` (for
    /// `verify --mutants`, which compiles each exercise's schema alone until it builds); a module
    /// the plan does not hold as expected is left out.
    static func compileCommands(of modules: [String], plan: URL) -> [String: [String]] {
        guard let text = try? String(contentsOf: plan, encoding: .utf8) else { return [:] }
        let blocks = commandBlocks(text)
        var commands: [String: [String]] = [:]
        for module in modules {
            commands[module] = args(in: blocks) { $0.hasPrefix("C.\(module)-") && $0.hasSuffix("-debug.module") }
        }
        return commands
    }

    /// The arguments of the one command of `blocks` whose name `matches`, or nil.
    private static func args(in blocks: [String: String], _ matches: (String) -> Bool) -> [String]? {
        let found = blocks.filter { matches($0.key) }
        guard found.count == 1, let block = found.first?.value, block.contains("    tool: shell"),
            let line = block.split(separator: "\n").first(where: { $0.hasPrefix("    args: [") }),
            let data = line.dropFirst("    args: ".count).data(using: .utf8),
            let args = try? JSONSerialization.jsonObject(with: data) as? [String], !args.isEmpty
        else { return nil }
        // SwiftPM reads the compiler's messages as JSON; run directly, they are wanted as text,
        // the way a compiler error is read everywhere else.
        return args.filter { $0 != "-parseable-output" }
    }

    /// The plan's commands by name: `  "C.Name-…":` and the indented lines under it.
    private static func commandBlocks(_ plan: String) -> [String: String] {
        var blocks: [String: String] = [:]
        var name: String?
        var lines: [Substring] = []
        func finish() {
            if let name { blocks[name] = lines.joined(separator: "\n") }
        }
        for line in plan.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  \""), line.hasSuffix("\":") {
                finish()
                name = String(line.dropFirst(3).dropLast(2))
                lines = []
            } else if line.hasPrefix("    ") {
                lines.append(line)
            } else {
                finish()
                name = nil
                lines = []
            }
        }
        finish()
        return blocks
    }

    /// Runs the commands in order, stopping at the first that fails; its status and everything
    /// printed so far.
    func run() throws -> (status: Int32, output: String) {
        var output = ""
        for command in commands {
            let result = try Shell.run(command, in: folder)
            output += result.output
            guard result.succeeded else { return (result.status == 0 ? 1 : result.status, output) }
        }
        return (0, output)
    }
}
