import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import ImageInflation

extension ImageDownloader {
    // listing: async-image
    /// The image for `request`, found as `downloadImage(for:…)` finds it: in the image cache, or
    /// by a download that every caller of the same URL shares. Cancelling the Swift task cancels
    /// this caller's receipt, and so the download only if no other caller waits for it, and throws
    /// `CancellationError`. The answer comes through `completionQueue`, as the handlers' does.
    public func image(for request: URLRequest) async throws -> Image {
        let call = CallState()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Image, any Error>) in
                let receipt = downloadImage(
                    for: request,
                    success: { _, _, image in
                        call.finish()
                        continuation.resume(returning: image)
                    },
                    failure: { _, _, error in
                        call.finish()
                        continuation.resume(throwing: thrownByAwait(error, callerCancelled: call.wasCancelled))
                    })
                // No receipt: a cached image or a request with no URL, whose answer is on its way.
                guard let receipt else { return }
                if !call.start(cancellingWith: { self.cancelTask(for: receipt) }) { cancelTask(for: receipt) }
            }
        } onCancel: {
            call.cancel()
        }
    }
    // end-listing

    /// The image at `url`: `image(for: URLRequest(url: url))`.
    public func image(for url: URL) async throws -> Image {
        try await image(for: URLRequest(url: url))
    }
}
