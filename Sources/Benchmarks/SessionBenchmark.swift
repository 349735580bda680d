import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager

/// Chapter 9: GETs of HTTPBin's `/get` on loopback through `URLSessionManager` and through a bare
/// `URLSession` with a delegate that does the same work by hand (buffer the body, parse the JSON,
/// hand the result to another queue), at 1 and 16 requests in flight, in the ways a program sets
/// the manager up (`Setting`). The sides take turns, round by round, against one HTTPBin running
/// in a child process, so that this process's processor time and context switches are the
/// client's alone. Targets, in every setting and at both levels: the manager keeps ≥ 0.95× the
/// bare rate, and costs ≤ 30 µs more processor time per request.
enum SessionBenchmark {
    static let requests = Int(ProcessInfo.processInfo.environment["AFN_BENCH_REQUESTS"] ?? "") ?? 2000
    // Interleaved rounds: the load of a shared machine changes over seconds, and the two sides of
    // a pair run back to back, so that a busy moment moves both.
    static let rounds = Int(ProcessInfo.processInfo.environment["AFN_BENCH_ROUNDS"] ?? "") ?? 5
    static let levels = [1, 16]
    static let rateTarget = Target.atLeast(0.95)
    static let extraProcessorTarget = Target.atMost(30)
    static let path = "/get"

    /// One measurement: requests per second, processor microseconds per request, and the
    /// process's context switches per request.
    struct Sample {
        var rate: Double
        var processor: Double
        var switches: Double = 0
    }

    static func run() {
        let server: ServerProcess
        do { server = try ServerProcess() } catch {
            print("session: could not start HTTPBin in a child process: \(error)")
            exit(1)
        }
        let url = server.url(path)
        let pairs = Setting.allCases.map { setting in
            (setting, [BareClient.side(setting, url), ManagerClient.side(setting, url)])
        }
        for (_, sides) in pairs {
            for side in sides { _ = side.measure(16, 200) }  // warm up connections and caches
        }

        // samples[setting][level][side]
        var samples = pairs.map { _ in levels.map { _ in [[Sample](), [Sample]()] } }
        for round in 0..<rounds {
            for (settingIndex, (_, sides)) in pairs.enumerated() {
                for (levelIndex, level) in levels.enumerated() {
                    // Alternate which side goes first, so that neither always runs on a warmer machine.
                    for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                        samples[settingIndex][levelIndex][side].append(sides[side].measure(level, requests))
                    }
                }
            }
        }

        print(
            "session: GET \(path) on loopback, server in a child process, \(rounds) interleaved rounds of \(requests) requests per side, setting and level, medians"
        )
        print("  (load average when done: \(loadAverage()))")
        for (settingIndex, (setting, _)) in pairs.enumerated() {
            print("  \(setting.title)")
            for (levelIndex, level) in levels.enumerated() {
                report(
                    setting, level, bare: samples[settingIndex][levelIndex][0],
                    manager: samples[settingIndex][levelIndex][1])
            }
        }
        tracingCost(pairs[0].1[1])
        for (_, sides) in pairs { sides.forEach { $0.stop() } }
        server.stop()
    }

    static func report(_ setting: Setting, _ level: Int, bare: [Sample], manager: [Sample]) {
        // The ratio of each round's pair, then their median: a pair runs back to back.
        let ratio = median(zip(manager, bare).map { $0.rate / $1.rate })
        let extra = median(zip(manager, bare).map { $0.processor - $1.processor })
        let name = "\(setting.name), \(level) in flight"
        print(
            String(
                format: "    %2d in flight: bare %6.0f req/s, %5.1f µs CPU/req   manager %6.0f req/s, %5.1f µs CPU/req",
                level, median(bare.map(\.rate)), median(bare.map(\.processor)), median(manager.map(\.rate)),
                median(manager.map(\.processor))))
        print(
            String(
                format: "                  rate %.3f× (target %@×: %@)   extra CPU %+.1f µs/req (target %@ µs: %@)",
                ratio, rateTarget.description, rateTarget.check("rate, \(name)", ratio),
                extra, extraProcessorTarget.description, extraProcessorTarget.check("extra µs, \(name)", extra)))
        print(
            String(
                format: "                  context switches per request: bare %.1f, manager %.1f (%+.1f)",
                median(bare.map(\.switches)), median(manager.map(\.switches)),
                median(zip(manager, bare).map { $0.switches - $1.switches })))
    }

    static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    /// The system's load averages over 1, 5 and 15 minutes, as `uptime` prints them: how busy the
    /// machine was while the figures were taken.
    static func loadAverage() -> String {
        var loads = [0.0, 0.0, 0.0]
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
}
