import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ImageDownloader
import ImageInflation
import Tracing

extension Tour {
    /// The image both callers of `--merged` ask for. HTTPBin holds its answer 200 ms, so that the
    /// second caller certainly asks while the first one's download is on its way.
    static let mergedImagePath = "/image/numbered/7?delay=200"

    /// `--merged`: two callers ask chapter 11's downloader for one image, one after the other.
    static func runMerged(against server: HTTPBin) async throws -> Run {
        let recorder = TourRecorder()
        // listing: tour-merged
        let manager = HTTPSessionManager(configuration: .ephemeral)
        // One queue for the manager's completion, the downloader's handlers and the notification:
        // the tour's output then has one order on every run.
        let queue = DispatchQueue(label: "completion queue")
        manager.completionQueue = queue
        manager.notificationQueue = queue
        manager.tracer = Tracer(sink: recorder.record)
        let downloader = ImageDownloader(sessionManager: manager)
        downloader.completionQueue = queue
        // end-listing
        let tracer = manager.tracer!
        let caller = TracePlace.current
        let outcome = TourOutcome()
        let request = URLRequest(url: server.url(mergedImagePath))
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let ending = Ending(finished, callers: 2)
            recorder.onNotification = { ending.notificationPosted() }
            for number in 1...2 {
                tracer.record(.caller, on: caller, #"downloadImage(for: "/image/numbered/7") (caller \#(number))"#)
                downloader.downloadImage(
                    for: request,
                    success: { _, response, image in
                        tracer.record(
                            .caller, on: TracePlace.queue(queue),
                            "success (caller \(number)): \(TourOutcome.describe(image))")
                        outcome.complete(object: image)
                        ending.callerCompleted()
                    },
                    failure: { _, _, error in
                        tracer.record(
                            .caller, on: TracePlace.queue(queue),
                            "failure (caller \(number)): \(TourOutcome.describe(error))")
                        outcome.complete(object: nil)
                        ending.callerCompleted()
                    })
            }
        }
        manager.invalidateSession(cancelingTasks: true)
        let completions = outcome.result.count
        let requests = server.requests.filter { $0.uri == mergedImagePath }.count
        return Run(
            variant: .merged, events: recorder.events, completions: completions, port: server.port,
            serverRequests: requests)
    }
}
