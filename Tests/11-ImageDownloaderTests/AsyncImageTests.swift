import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import ImageDownloader
import ImageInflation
import ResponseValidation
import TestSupport
import Testing

/// `image(for:)`: the downloader's handlers, awaited, and a Swift cancellation that cancels one
/// caller's receipt.
@Suite("The async image")
struct AsyncImageTests {
    /// The number image `/image/numbered/{n}` was made from, read back from its first pixel.
    func number(of image: Image) -> Int? {
        Answer.image(image, nil).imageNumber
    }

    @Test("An awaited image comes from a download, then from the cache without a second request")
    func downloadThenCache() async throws {
        try await Harness.with { harness in
            let first = try await harness.downloader.image(for: harness.request("/image/numbered/7"))
            #expect(number(of: first) == 7)
            let second = try await harness.downloader.image(for: harness.server.url("/image/numbered/7"))
            #expect(number(of: second) == 7)
            #expect(harness.hits("/image/numbered/7") == 1)
        }
    }

    @Test(
        "An awaited image that cannot be had throws the download's error: a 404, a body that is no image, a request with no URL"
    )
    func failures() async throws {
        try await Harness.with { harness in
            let downloader = harness.downloader
            let notFound = await #expect(throws: ResponseSerializationError.self) {
                try await downloader.image(for: harness.request("/status/404"))
            }
            #expect(notFound?.reason == .unacceptableStatusCode(404))
            await #expect(throws: ResponseSerializationError.self) {
                try await downloader.image(for: harness.request("/get"))
            }
            var noURL = harness.request("/image/png")
            noURL.url = nil
            let badURL = await #expect(throws: URLError.self) { try await downloader.image(for: noURL) }
            #expect(badURL?.code == .badURL)
        }
    }

    @Test(
        "Cancelling the Swift task cancels its own receipt only: CancellationError, and another caller of the URL still gets the image"
    )
    func cancelOneCaller() async throws {
        try await Harness.with { harness in
            let downloader = harness.downloader
            // The session's delegate queue is held until the cancellation is done: the response
            // cannot be delivered meanwhile, so the shared download is certainly still running
            // when the call is cancelled, however slowly a sanitized run on a busy machine goes.
            let gate = DelegateQueueGate(downloader.sessionManager.operationQueue)
            var released = false
            defer { if !released { gate.release() } }
            let path = "/image/numbered/3"
            harness.download(path, as: "closure")
            let call = Task { try await downloader.image(for: harness.request(path)) }
            #expect(
                await eventually(within: 120) { downloader.activity.running == 1 && harness.hits(path) == 1 },
                "the shared download reached the server: \(harness.hits(path)) request(s), \(downloader.activity.running) running"
            )
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            gate.release()
            released = true
            #expect(await harness.answers.wait(for: 1))
            #expect(harness.answers["closure"].first?.imageNumber == 3)
            #expect(harness.hits(path) == 1)
        }
    }

    @Test("Cancelling the only caller cancels the download itself, and nothing is left running")
    func cancelTheDownload() async throws {
        try await Harness.with { harness in
            let downloader = harness.downloader
            let call = Task { try await downloader.image(for: harness.request("/fault/stall-after-headers")) }
            #expect(await eventually(within: 60) { harness.hits("/fault/stall-after-headers") == 1 })
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(await harness.isIdle())
        }
    }

    @Test(
        "An awaited image whose download someone else cancels (the session invalidated) throws the URLError: only the caller's own cancellation is CancellationError"
    )
    func cancelledByOthers() async throws {
        try await Harness.with { harness in
            let downloader = harness.downloader
            let call = Task { try await downloader.image(for: harness.request("/fault/stall-after-headers")) }
            #expect(await eventually(within: 60) { harness.hits("/fault/stall-after-headers") == 1 })
            downloader.sessionManager.invalidateSession(cancelingTasks: true)
            let thrown: (any Error)?
            do {
                _ = try await call.value
                thrown = nil
            } catch {
                thrown = error
            }
            #expect(
                (thrown as? URLError)?.code == .cancelled,
                "the call threw \(thrown.map { "\($0)" } ?? "nothing"), where a -999 it did not ask for should stay a URLError"
            )
        }
    }

    @Test("A Swift task cancelled before it asks throws CancellationError, and its download is not left running")
    func cancelledFirst() async throws {
        try await Harness.with { harness in
            let downloader = harness.downloader
            let call = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await downloader.image(for: harness.request("/fault/stall-after-headers"))
            }
            await #expect(throws: CancellationError.self) { try await call.value }
            #expect(await harness.isIdle())
        }
    }
}
