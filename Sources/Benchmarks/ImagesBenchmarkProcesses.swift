import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import ImageDownloader
import ImageInflation
import Locking

extension ImagesBenchmark {
    /// `afn-bench --images-side naive|downloader BASEURL`: one side of the benchmark, alone in this
    /// process. Prints `result NANOSECONDS PEAKRISE FAILURES` (a peak rise of -1: not measurable).
    static func runSide(_ name: String, baseURL: String) -> Never {
        guard let side = Side(rawValue: name), let base = URL(string: baseURL) else {
            writeLine("usage: afn-bench \(sideArgument) naive|downloader BASEURL")
            exit(2)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let get = client(side, configuration)
        // Each side tags its requests, so that HTTPBin can count them apart.
        let url = { (number: Int) in URL(string: base.absoluteString + path(number) + "&side=\(side.rawValue)")! }
        // Warm up: the session, its connections, the decoder; four small images outside the list.
        waitFor(4) { done in
            for index in 0..<4 {
                get(URL(string: base.absoluteString + "/image/numbered/\(65_000 + index)?size=8")!, done)
            }
        }
        PeakMemory.reset()
        let before = PeakMemory.resident()
        let failures = Protected(0)
        let start = DispatchTime.now().uptimeNanoseconds
        waitFor(requests) { done in
            for number in scroll {
                get(url(number)) { succeeded in
                    if !succeeded { failures.withLock { $0 += 1 } }
                    done(true)
                }
            }
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        let rise = PeakMemory.current().flatMap { peak in before.map { peak - $0 } } ?? -1
        writeLine("result \(elapsed) \(rise) \(failures.value)")
        exit(0)
    }

    /// The side's way to get one image: a closure that calls back with whether it got an image.
    static func client(_ side: Side, _ configuration: URLSessionConfiguration) -> (
        URL, @escaping @Sendable (Bool) -> Void
    ) -> Void {
        let manager = HTTPSessionManager(configuration: configuration)
        manager.completionQueue = DispatchQueue(label: "bench.images.manager", attributes: .concurrent)
        manager.notificationQueue = DispatchQueue(label: "bench.images.notifications")
        switch side {
        case .naive:
            let serializer = ImageResponseSerializer()
            return { url, done in
                // `try!`: the session is never invalidated here, so creating a task cannot fail.
                let task = try! manager.dataTask(with: URLRequest(url: url), responseSerializer: serializer) {
                    _, object, _ in
                    done(object is Image)
                }
                manager.resume(task)
            }
        case .downloader:
            let downloader = ImageDownloader(
                sessionManager: manager, maximumActiveDownloads: maximumActiveDownloads,
                imageCache: AutoPurgingImageCache(
                    memoryCapacity: cacheCapacity, preferredMemoryCapacity: preferredAfterPurge))
            downloader.completionQueue = DispatchQueue(label: "bench.images.handlers")
            return { url, done in
                downloader.downloadImage(
                    for: URLRequest(url: url), success: { _, _, _ in done(true) }, failure: { _, _, _ in done(false) })
            }
        }
    }

    /// Calls `body` with a closure to call `count` times, and waits for the last call.
    static func waitFor(_ count: Int, _ body: (@escaping @Sendable (Bool) -> Void) -> Void) {
        let remaining = Protected(count)
        let finished = DispatchSemaphore(value: 0)
        body { _ in
            if remaining.withLock({
                $0 -= 1
                return $0 == 0
            }) {
                finished.signal()
            }
        }
        finished.wait()
    }

    /// Straight to the file descriptor: `print` is buffered when standard output is a pipe.
    static func writeLine(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
