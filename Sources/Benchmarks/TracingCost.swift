import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import Locking
import Tracing

/// Chapter 1: what the tracing hook costs. Unset, each trace point is one relaxed atomic load;
/// this measures that load where the library makes it, counts the trace points of one request,
/// and compares their sum with the time of a request. Set, to a tracer that drops what it gets,
/// the traced manager is compared with the same manager untraced, in interleaved rounds.
extension SessionBenchmark {
    static func tracingCost(_ side: Side) {
        guard let manager = side.manager else { return }
        // Trace points per request: count the events of one traced request.
        let points = Protected(0)
        manager.tracer = Tracer { _ in points.withLock { $0 += 1 } }
        _ = side.measure(1, 1)
        Thread.sleep(forTimeInterval: 0.2)  // the did-complete notification is traced last, on its queue
        manager.tracer = nil
        let perRequest = points.withLock { $0 }

        let checks = 50_000_000
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<checks {
            manager.trace.record(.resume, task: index, on: "unreachable", "unreachable")
        }
        let perCheck = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(checks)

        let rounds = 12
        var ratios: [Double] = []
        var untracedRates: [Double] = []
        for round in 0..<rounds {
            var pair = [0.0, 0.0]
            for traced in round % 2 == 0 ? [0, 1] : [1, 0] {
                manager.tracer = traced == 1 ? Tracer { _ in } : nil
                pair[traced] = side.measure(1, 500).rate
            }
            manager.tracer = nil
            untracedRates.append(pair[0])
            ratios.append(pair[1] / pair[0])
        }
        let requestNanoseconds = 1e9 / median(untracedRates)
        let unsetShare = Double(perRequest) * perCheck / requestNanoseconds
        print(
            String(
                format:
                    "tracing, unset: %.2f ns per trace point × %d points per request = %.0f ns, %.4f%% of a request (%.0f µs at 1 in flight)",
                perCheck, perRequest, Double(perRequest) * perCheck, unsetShare * 100, requestNanoseconds / 1000))
        print(
            String(
                format:
                    "tracing, set to a tracer that drops each event: %.3f× the untraced manager's rate at 1 in flight (median of %d rounds)",
                median(ratios), rounds))
    }
}
