import Foundation
import QueryStrings

/// Chapter 2: AFNetworking's batched escaper and the byte-table escaper against Foundation's one-shot
/// `addingPercentEncoding(withAllowedCharacters:)` with the same character set.
enum EscapingBenchmark {
    static func run() {
        // (a) what a typical request carries: 20 short ASCII keys and values
        let shortPairs = (0..<20).flatMap { ["key_\($0)", "value \($0)&more=yes"] }
        compare(title: "20 short ASCII key/value pairs (40 strings per call)", inputs: shortPairs, iterations: 500)

        // (b) the case AFNetworking's batches were written for: a long non-ASCII string
        let units = ["中", "文", "字", "😀", "👍🏽", "🇫🇷", "日", "本", "👨‍👩‍👧‍👦", "語"]
        let long = String((0..<10_000).map { Character(units[$0 % units.count]) })
        compare(title: "one 10,000-character string of emoji and CJK", inputs: [long], iterations: 15)
    }

    private static func compare(title: String, inputs: [String], iterations: Int) {
        let allowed = queryComponentAllowed
        // Where the batched escaper's time goes: the cuts alone, and Foundation called once per
        // batch on batches cut in advance.
        let preCut = inputs.map { percentEscapingBatches(of: $0).map(String.init) }
        let times = Measure.interleaved(
            iterations: iterations,
            [
                {
                    inputs.reduce(0) {
                        $0 &+ ($1.addingPercentEncoding(withAllowedCharacters: allowed)?.utf8.count ?? 0)
                    }
                },
                { inputs.reduce(0) { $0 &+ percentEscaped($1).utf8.count } },
                { inputs.reduce(0) { $0 &+ fastPercentEscaped($1).utf8.count } },
                { inputs.reduce(0) { $0 &+ percentEscapingBatches(of: $1).count } },
                {
                    preCut.joined().reduce(0) {
                        $0 &+ ($1.addingPercentEncoding(withAllowedCharacters: allowed)?.utf8.count ?? 0)
                    }
                },
            ])
        Row.printTable(
            title: "\(title): \(preCut.joined().count) batches",
            baseline: Row(name: "Foundation addingPercentEncoding", nanoseconds: times[0]),
            rows: [
                Row(name: "percentEscaped (AFNetworking)", nanoseconds: times[1], target: .atMost(1.30)),
                Row(name: "fastPercentEscaped (byte table)", nanoseconds: times[2], target: .atMost(0.10)),
                Row(name: "  of which: cutting the batches", nanoseconds: times[3]),
                Row(name: "  of which: Foundation per batch", nanoseconds: times[4]),
            ]
        )
    }
}
