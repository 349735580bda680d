import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import ImageDownloader
import ImageInflation
import Locking

/// Chapter 11: a scrolling list, simulated as 1,000 image requests over 100 distinct images (the
/// list scrolled down and up, five times each way), through `ImageDownloader` and through a naive
/// client that sends one request per call. Figures, side by side: requests at the server, wall
/// time, peak memory. Targets: server hits = distinct images; the downloader's peak ≤ its cache's
/// capacity plus the images in flight; its wall time ≤ 0.5× the naive client's.
///
/// HTTPBin runs in a child process, so that the server's work is not counted in the client's
/// process; each side runs in a child process of its own too, so that memory one side leaves
/// resident cannot hide the other's peak.
enum ImagesBenchmark {
    static let distinctImages = 100
    static let requests = 1000
    /// Pixels a side: a 256 KiB bitmap per image, 25 MiB for the whole list.
    static let side = 256
    static let rounds = 3
    /// Sized for the list: all 100 images fit without a purge.
    static let cacheCapacity: UInt64 = 32 << 20
    static let preferredAfterPurge: UInt64 = 24 << 20
    static let maximumActiveDownloads = 4
    static let targetRatio = 0.5

    static func path(_ number: Int) -> String { "/image/numbered/\(number)?size=\(side)" }

    /// The rows in the order they appear: down the list, back up, five times.
    static let scroll: [Int] = (0..<requests).map { index in
        let (pass, row) = index.quotientAndRemainder(dividingBy: distinctImages)
        return pass % 2 == 0 ? row : distinctImages - 1 - row
    }

    enum Side: String, CaseIterable {
        case naive, downloader

        var title: String {
            switch self {
            case .naive: "naive client (a request per call)"
            case .downloader: "ImageDownloader"
            }
        }
    }

    struct Measurement {
        var hits: Int
        var nanoseconds: Double
        var peakRise: Int?
    }

    static func run() {
        let server: ServerProcess
        do {
            server = try ServerProcess()
        } catch {
            return print("images: could not start HTTPBin in a child process: \(error)")
        }
        defer { server.stop() }
        var results: [Side: [Measurement]] = [:]
        for round in 0..<rounds {
            // Alternate which side goes first, so that neither always meets a warmer machine.
            for side in round % 2 == 0 ? Side.allCases : Side.allCases.reversed() {
                let before = server.requestCount(containing: "side=\(side.rawValue)")
                guard let measurement = measure(side, baseURL: server.baseURL.absoluteString) else {
                    return print("images: the \(side) side failed")
                }
                let hits = server.requestCount(containing: "side=\(side.rawValue)") - before
                results[side, default: []].append(
                    Measurement(hits: hits, nanoseconds: measurement.nanoseconds, peakRise: measurement.peakRise))
            }
        }
        report(results)
    }

    static func report(_ results: [Side: [Measurement]]) {
        print(
            "images: a scrolling list, \(requests) requests over \(distinctImages) distinct \(side)×\(side) PNGs, HTTPBin and each side in processes of their own, medians of \(rounds) rounds"
        )
        print(
            "  " + "side".padding(toLength: 36, withPad: " ", startingAt: 0)
                + "requests at server   wall time   peak memory (rise)")
        func median<T: Comparable>(_ values: [T]) -> T { values.sorted()[values.count / 2] }
        var figures: [Side: (hits: Int, time: Double, peak: Int?)] = [:]
        for side in Side.allCases {
            let measurements = results[side] ?? []
            let peaks = measurements.compactMap(\.peakRise)
            let figure = (
                median(measurements.map(\.hits)), median(measurements.map(\.nanoseconds)),
                peaks.isEmpty ? nil : median(peaks)
            )
            figures[side] = figure
            let peak = figure.2.map { String(format: "%8.1f MB", Double($0) / 1_048_576) } ?? "(Linux only)"
            print(
                "  " + side.title.padding(toLength: 36, withPad: " ", startingAt: 0)
                    + String(format: "%18d   %6.0f ms   ", figure.0, figure.1 / 1e6) + peak)
        }
        guard let naive = figures[.naive], let downloader = figures[.downloader] else { return }
        let hitsRatio = Double(downloader.hits) / Double(distinctImages)
        let hitChecks = [Target.atMost(1), .atLeast(1)].map {
            $0.check("downloader's server hits ÷ distinct images", hitsRatio)
        }
        print(
            "  downloader's server hits: \(downloader.hits) for \(distinctImages) distinct images (target: equal) \(hitChecks.allSatisfy { $0 == "ok" } ? "ok" : "MISSED")"
        )
        let inFlight = maximumActiveDownloads * (side * side * 4 + side * (side * 4 + 1))
        if let peak = downloader.peak {
            let bound = Double(cacheCapacity) + Double(inFlight)
            print(
                String(
                    format: "  downloader's peak: %.1f MB ≤ cache capacity %.0f MB + %d images in flight %.1f MB: ",
                    Double(peak) / 1_048_576,
                    Double(cacheCapacity) / 1_048_576, maximumActiveDownloads, Double(inFlight) / 1_048_576)
                    + Target.atMost(1).check("downloader's peak ÷ (capacity + images in flight)", Double(peak) / bound))
        }
        let ratio = downloader.time / naive.time
        print(
            String(format: "  wall time, downloader ÷ naive: %.3f× (target ≤ %.2f×) ", ratio, targetRatio)
                + Target.atMost(targetRatio).check("wall time, downloader ÷ naive", ratio))
    }

    /// The argument that makes `afn-bench` one side of this benchmark, in a child process.
    static let sideArgument = "--images-side"

    /// Runs one side in a child process and reads its one line of figures.
    static func measure(_ side: Side, baseURL: String) -> (nanoseconds: Double, peakRise: Int?)? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        child.arguments = [sideArgument, side.rawValue, baseURL]
        let output = Pipe()
        child.standardOutput = output
        guard (try? child.run()) != nil else { return nil }
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        child.waitUntilExit()
        let fields = line.split(separator: " ")
        guard fields.count == 4, fields[0] == "result", let nanoseconds = Double(fields[1]), fields[3] == "0" else {
            print("  \(side): \(line)")
            return nil
        }
        return (nanoseconds, Int(fields[2]).flatMap { $0 < 0 ? nil : $0 })
    }
}
