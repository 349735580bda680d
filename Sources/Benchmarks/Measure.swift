import Locking
import Foundation

/// Timing helpers shared by every benchmark. Each benchmark runs both sides in the same process, in
/// the same build, one after the other, and reports a ratio: absolute times on a laptop and on a
/// 2-core CI machine differ, ratios mostly do not.
enum Measure {
    /// The median of `rounds` timings of `iterations` calls of `body`, per call, in nanoseconds.
    /// The median, not the mean: one round disturbed by another process should not move the figure.
    static func nanosecondsPerCall(rounds: Int = 9, iterations: Int, _ body: () -> Int) -> Double {
        var sink = 0
        for _ in 0..<max(1, iterations / 10) { sink &+= body() }  // warm caches and lazy statics
        var samples: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { sink &+= body() }
            let end = DispatchTime.now().uptimeNanoseconds
            samples.append(Double(end - start) / Double(iterations))
        }
        blackHole(sink)
        return samples.sorted()[samples.count / 2]
    }

    /// The median time per call of each variant, in nanoseconds. The variants take turns, round by
    /// round, so that a busy moment on the machine (or the processor changing speed) slows all of
    /// them rather than whichever happened to be running: the ratios stay honest.
    static func interleaved(rounds: Int = 11, iterations: Int, _ variants: [() -> Int]) -> [Double] {
        var samples = Array(repeating: [Double](), count: variants.count)
        for _ in 0..<rounds {
            for (index, variant) in variants.enumerated() {
                samples[index].append(nanosecondsPerCall(rounds: 1, iterations: iterations, variant))
            }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    /// Keeps the optimizer from deleting work whose result is otherwise unused.
    @inline(never)
    static func blackHole(_ value: Int) {
        if value == 0x5EED_1E55 { print("", terminator: "") }
    }

    static func format(nanoseconds: Double) -> String {
        if nanoseconds >= 1_000_000 { return String(format: "%8.2f ms", nanoseconds / 1_000_000) }
        if nanoseconds >= 1_000 { return String(format: "%8.2f µs", nanoseconds / 1_000) }
        return String(format: "%8.1f ns", nanoseconds)
    }
}

/// A bound a figure must meet. Every check is recorded, so that `afn-bench` can end with one line
/// that says whether every target was met, and exit non-zero when one was not.
enum Target: CustomStringConvertible {
    case atMost(Double)
    case atLeast(Double)

    func isMet(by value: Double) -> Bool {
        switch self {
        case .atMost(let bound): value <= bound
        case .atLeast(let bound): value >= bound
        }
    }

    var description: String {
        switch self {
        case .atMost(let bound): "≤ \(String(format: "%.2f", bound))"
        case .atLeast(let bound): "≥ \(String(format: "%.2f", bound))"
        }
    }

    /// Checks `value` against the target, remembers a miss, and returns `ok` or `MISSED`.
    @discardableResult
    func check(_ what: String, _ value: Double) -> String {
        if isMet(by: value) { return "ok" }
        Target.missed.withLock { $0.append("\(what): \(String(format: "%.2f", value)), target \(self)") }
        return "MISSED"
    }

    /// The targets missed so far in this process.
    static let missed = Protected<[String]>([])
}

/// One line of a benchmark's table: a name, its time per call, and its ratio to the baseline.
struct Row {
    var name: String
    var nanoseconds: Double
    /// A bound on the ratio to the baseline.
    var target: Target? = nil

    static func printTable(title: String, baseline: Row, rows: [Row]) {
        print(title)
        for row in [baseline] + rows {
            let ratio = row.nanoseconds / baseline.nanoseconds
            let padded = row.name.padding(toLength: 34, withPad: " ", startingAt: 0)
            let target = row.target.map { "   target \($0)× \($0.check(row.name, ratio))" } ?? ""
            print(
                "  \(padded) \(Measure.format(nanoseconds: row.nanoseconds))   \(String(format: "%5.2f×", ratio))\(target)"
            )
        }
        print()
    }
}
