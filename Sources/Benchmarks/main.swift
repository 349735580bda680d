// afn-bench: the course's benchmarks. Run in release mode, for example
//     swift run -c release afn-bench escaping
// Each benchmark prints its figures as ratios to a baseline measured in the same process.

let benchmarks: [(name: String, summary: String, run: () -> Void)] = [
    ("escaping", "chapter 2: batched and byte-table escapers vs Foundation", EscapingBenchmark.run),
    ("multipart", "chapter 4: a 200 MB multipart body vs a FileHandle copy, time and peak memory", MultipartBenchmark.run),
    ("json", "chapter 6: the JSON fast path vs AFNetworking 2's string round trip and raw JSONSerialization", JSONBenchmark.run),
    ("inflate", "chapter 7: PNG and JPEG inflation vs a bare C decode, and peak memory", InflateBenchmark.run),
    // Last: it exits non-zero when its target is missed.
    ("session", "chapter 9: small GETs through URLSessionManager vs a bare URLSession with a delegate, 1 and 16 in flight", SessionBenchmark.run),
]

let requested = Array(CommandLine.arguments.dropFirst())
let selected = requested == ["all"] ? benchmarks : benchmarks.filter { requested.contains($0.name) }
if selected.isEmpty {
    print("usage: swift run -c release afn-bench <benchmark>... | all\n")
    for benchmark in benchmarks { print("  \(benchmark.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(benchmark.summary)") }
} else {
    #if DEBUG
    print("warning: a debug build; figures are meaningful only with `-c release`\n")
    #endif
    for benchmark in selected { benchmark.run() }
}
