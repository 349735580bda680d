// afn-bench: the course's benchmarks. Run in release mode, for example
//     swift run -c release afn-bench escaping
// Each benchmark prints its figures as ratios to a baseline measured in the same process, checks
// them against their targets, and the last line says whether every target was met. The exit status
// is 0 when they were, 1 when one was missed, 2 for a name that is not a benchmark.
import Foundation

let benchmarks: [(name: String, summary: String, run: () -> Void)] = [
    ("escaping", "chapter 2: batched and byte-table escapers vs Foundation", EscapingBenchmark.run),
    (
        "multipart", "chapter 4: a 200 MB multipart body vs a FileHandle copy, time and peak memory",
        MultipartBenchmark.run
    ),
    (
        "json", "chapter 6: the JSON fast path vs AFNetworking 2's string round trip and raw JSONSerialization",
        JSONBenchmark.run
    ),
    ("inflate", "chapter 7: PNG and JPEG inflation vs a bare C decode, and peak memory", InflateBenchmark.run),
    (
        "images",
        "chapter 11: a scrolling list, 1,000 image requests over 100 images, ImageDownloader vs a request per call",
        ImagesBenchmark.run
    ),
    (
        "pinned",
        "chapter 12: GETs through a pinned manager over TLS vs the same manager over plain http, 1 and 16 in flight, handshakes per request",
        PinnedBenchmark.run
    ),
    // Last: it exits non-zero when its target is missed.
    (
        "session",
        "chapter 9: GETs through URLSessionManager vs a bare URLSession with a delegate, as an app and as a tool, 1 and 16 in flight",
        SessionBenchmark.run
    ),
]

@MainActor func usage() {
    print("usage: swift run -c release afn-bench <benchmark>... | all\n")
    for benchmark in benchmarks {
        print("  \(benchmark.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(benchmark.summary)")
    }
}

// The child processes of the benchmarks that make requests (the server, and each side of `images`),
// and one side of `session` alone, for a profiler.
switch CommandLine.arguments.dropFirst().first {
case ServerProcess.serveArgument: ServerProcess.serve()
case SessionBenchmark.sideArgument: SessionBenchmark.runSide(Array(CommandLine.arguments.dropFirst(2)))
case ImagesBenchmark.sideArgument:
    ImagesBenchmark.runSide(
        CommandLine.arguments.dropFirst(2).first ?? "", baseURL: CommandLine.arguments.dropFirst(3).first ?? "")
default: break
}

let requested = Array(CommandLine.arguments.dropFirst())
let unknown = requested.filter { name in name != "all" && !benchmarks.contains { $0.name == name } }
guard requested.isEmpty || unknown.isEmpty else {
    print("afn-bench: no benchmark is called \(unknown.map { "'\($0)'" }.joined(separator: ", "))\n")
    usage()
    exit(2)
}
let selected = requested.contains("all") ? benchmarks : benchmarks.filter { requested.contains($0.name) }
if selected.isEmpty {
    usage()
    exit(0)
}
#if DEBUG
print("warning: a debug build; figures are meaningful only with `-c release`\n")
#endif

if selected.count == 1 {
    selected[0].run()
    let missed = Target.missed.withLock { $0 }
    print(
        missed.isEmpty
            ? "\(selected[0].name): every target met"
            : "\(selected[0].name): \(missed.count) target(s) MISSED: \(missed.joined(separator: "; "))")
    exit(missed.isEmpty ? 0 : 1)
}

// Several benchmarks: each runs in a process of its own, so that the memory one leaves resident
// cannot hide the next one's peak (a decode reusing pages a JSON parse freed rises by nothing).
var failed: [String] = []
for benchmark in selected {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    child.arguments = [benchmark.name]
    do {
        try child.run()
        child.waitUntilExit()
        if child.terminationStatus != 0 { failed.append(benchmark.name) }
    } catch {
        print("afn-bench: could not start \(benchmark.name) in a process of its own: \(error)")
        failed.append(benchmark.name)
    }
    print()
}
print(failed.isEmpty ? "afn-bench: every target met" : "afn-bench: targets missed in \(failed.joined(separator: ", "))")
exit(failed.isEmpty ? 0 : 1)
