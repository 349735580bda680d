import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

extension SessionBenchmark {
    static let sideArgument = "--session-side"

    /// One side alone, `count` GETs after a warm-up, for a profiler to watch:
    /// `afn-bench --session-side bare|manager [count] [app|tool] [in flight]` (3000, app, 1 unless
    /// given). With a server started apart (`swift run -c release httpbin --port 8080`; valgrind
    /// cannot start the benchmark's own child process),
    /// `AFN_BENCH_SERVER=http://127.0.0.1:8080 valgrind --tool=callgrind afn-bench --session-side manager 3000 tool 16`,
    /// then the same with 1000: the difference of the two totals, divided by 2,000, is what one
    /// request costs, with the start-up and the warm-up cancelled out. (valgrind 3.19 cannot read
    /// the DWARF 5 of a Swift 6 build: profile a copy made with `strip -g`.)
    static func runSide(_ arguments: [String]) -> Never {
        let name = arguments.first ?? ""
        let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 3000
        let settingName = arguments.dropFirst(2).first ?? "app"
        let inFlight = arguments.dropFirst(3).first.flatMap { Int($0) } ?? 1
        guard let setting = Setting.allCases.first(where: { $0.name == settingName }) else {
            print("session: the setting is 'app' or 'tool', not '\(settingName)'")
            exit(2)
        }
        let server: ServerProcess?
        let base: String
        if let given = ProcessInfo.processInfo.environment["AFN_BENCH_SERVER"] {
            (server, base) = (nil, given)
        } else if let started = try? ServerProcess() {
            (server, base) = (started, started.baseURL.absoluteString)
        } else {
            print("session: could not start HTTPBin in a child process (set AFN_BENCH_SERVER to a running one)")
            exit(1)
        }
        let url = URL(string: base + path)!
        let side: Side
        switch name {
        case "bare": side = BareClient.side(setting, url)
        case "manager": side = ManagerClient.side(setting, url)
        default:
            print("session: the side is 'bare' or 'manager', not '\(name)'")
            exit(2)
        }
        _ = side.measure(inFlight, 200)
        let latencies = Protected<[Double]>([])
        let sample = side.measure(inFlight, count, latencies: latencies)
        let sorted = latencies.withLock { $0.sorted() }
        print(
            String(
                format:
                    "%@ (%@): %d GETs at %d in flight, %.0f req/s, %.1f µs CPU/req, %.1f switches/req, latency median %.0f µs (p10 %.0f, p90 %.0f)",
                name, setting.name, count, inFlight, sample.rate, sample.processor, sample.switches,
                sorted[sorted.count / 2], sorted[sorted.count / 10], sorted[sorted.count * 9 / 10]))
        server?.stop()
        exit(0)
    }

    /// Runs async work from the benchmark's synchronous code.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> T {
        let result = Protected<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try! result.withLock { $0! }.get()
    }
}
