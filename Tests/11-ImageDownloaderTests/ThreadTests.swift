import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageDownloader
import TestSupport
import Testing

/// Where the downloader's work runs, shown by holding a thread rather than by asking for its name.
@Suite("Where the work runs")
struct ThreadTests {
    @Test(
        "The image is decoded and handed over while the caller's thread stays blocked, and the handler runs on the completion queue"
    )
    func offTheCallersThread() async throws {
        let completion = DispatchQueue(label: "test.downloader.completion")
        let key = DispatchSpecificKey<Bool>()
        completion.setSpecific(key: key, value: true)
        try await Harness.with(completionQueue: completion) { harness in
            let caller = DispatchQueue(label: "test.caller")
            let outcome = await withCheckedContinuation {
                (continuation: CheckedContinuation<(arrived: Bool, onCompletionQueue: Bool?, inflated: Bool?), Never>)
                in
                caller.async {
                    let done = DispatchSemaphore(value: 0)
                    let seen = Locked<(onCompletionQueue: Bool?, inflated: Bool?)>((nil, nil))
                    harness.downloader.downloadImage(
                        for: harness.request("/image/numbered/5"),
                        success: { _, _, image in
                            seen.withLock { $0 = (DispatchQueue.getSpecific(key: key) == true, image.isInflated) }
                            done.signal()
                        },
                        failure: { _, _, _ in done.signal() })
                    // The caller's thread is held until the image has arrived: a decode or a
                    // handler that needed this thread would never come, and the wait would fail.
                    let arrived = done.wait(timeout: .now() + 60) == .success
                    let (onCompletionQueue, inflated) = seen.value
                    continuation.resume(returning: (arrived, onCompletionQueue, inflated))
                }
            }
            #expect(outcome.arrived, "nothing came while the caller's thread was held")
            #expect(outcome.inflated == true, "the handler got a decoded bitmap")
            #expect(outcome.onCompletionQueue == true, "the handler ran on the downloader's completion queue")
        }
    }
}
