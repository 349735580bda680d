import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import Locking

/// The logic of AFNetworking's `UIImageView+AFNetworking` category, on a type of its own that a
/// list cell or a SwiftUI view model can own: one place on screen that shows one remote image at a
/// time. Setting a new request cancels the previous one, shows a cached image at once, and an
/// answer that arrives for an older request is ignored: a reused cell never shows the previous
/// row's image.
///
/// `image` is what to draw. `display`, if given, is called with each new image on the thread
/// that set it: the caller's for a placeholder or a cached image, the downloader's completion
/// queue (main, by default) for a downloaded one; with nil when the view is left with no image.
public final class ImageView: Sendable {
    public let downloader: ImageDownloader
    private let state = Protected(State())
    private let display: (@Sendable (Image?) -> Void)?

    struct State {
        var image: Image?
        /// The receipt of the download this view waits for (the category's associated object
        /// `af_activeImageDownloadReceipt`), nil when it waits for none.
        var activeReceipt: ImageDownloadReceipt?
    }

    public init(downloader: ImageDownloader = .defaultInstance, display: (@Sendable (Image?) -> Void)? = nil) {
        self.downloader = downloader
        self.display = display
    }

    /// The image to draw now: a placeholder, a cached image or a downloaded one, or nil.
    public var image: Image? { state.withLock { $0.image } }

    /// Downloads the image at `url` (asking for `Accept: image/*`, as the category does), showing
    /// `placeholder` until it arrives.
    public func setImage(with url: URL, placeholder: Image? = nil) {
        var request = URLRequest(url: url)
        request.addValue("image/*", forHTTPHeaderField: "Accept")
        setImage(with: request, placeholder: placeholder)
    }

    // listing: set-image
    /// Shows the image of `request`: from the image cache at once, else `placeholder` until the download
    /// answers. With a `success` closure, the closure shows the image instead (it gets it, and this view does
    /// not change). Asking again for the URL on its way does nothing; another URL cancels the previous download.
    public func setImage(
        with request: URLRequest, placeholder: Image? = nil, success: ImageDownloader.Success? = nil,
        failure: ImageDownloader.Failure? = nil
    ) {
        guard request.url != nil else {
            forgetActiveDownload(showing: placeholder)
            failure?(request, nil, URLError(.badURL))
            return
        }
        let receipt = ImageDownloadReceipt(receiptID: UUID(), request: request)
        // The new receipt is this view's before anything can answer for it: every answer checks it.
        guard case .replaced(let previous) = makeActive(receipt) else { return }
        if let previous { downloader.cancelTask(for: previous) }
        if let cached = downloader.imageCache?.image(for: request, withAdditionalIdentifier: nil) {
            return answer(receipt.receiptID, request, nil, cached, success)
        }
        if let placeholder { show(placeholder) }
        downloader.downloadImage(
            for: request, receiptID: receipt.receiptID,
            success: { [weak self] request, response, image in
                self?.answer(receipt.receiptID, request, response, image, success)
            },
            failure: { [weak self] request, response, error in
                guard let self, self.finish(receipt.receiptID, showing: nil) else { return }
                failure?(request, response, error)
            })
    }
    // end-listing

    /// A request without a URL: the view shows `placeholder`, or no image when there is none, as
    /// AFNetworking's category does. The category returns before cancelling the download it
    /// waited for, whose answer then lands in the view (a reused cell shows the previous row's
    /// image after all); here that download is cancelled first.
    private func forgetActiveDownload(showing placeholder: Image?) {
        let active = state.withLock { state -> ImageDownloadReceipt? in
            defer {
                state.activeReceipt = nil
                state.image = placeholder
            }
            return state.activeReceipt
        }
        if let active { downloader.cancelTask(for: active) }
        display?(placeholder)
    }

    /// Cancels the download this view waits for, if any.
    public func cancelImageDownloadTask() {
        let active = state.withLock { state -> ImageDownloadReceipt? in
            defer { state.activeReceipt = nil }
            return state.activeReceipt
        }
        if let active { downloader.cancelTask(for: active) }
    }

    enum Activation {
        case alreadyActive
        case replaced(ImageDownloadReceipt?)
    }

    // listing: receipt-rule
    /// Makes `receipt` the active one, unless a receipt for the same URL already is.
    private func makeActive(_ receipt: ImageDownloadReceipt) -> Activation {
        state.withLock { state in
            let previous = state.activeReceipt
            if let previous, previous.request.url?.absoluteString == receipt.request.url?.absoluteString {
                return .alreadyActive
            }
            state.activeReceipt = receipt
            return .replaced(previous)
        }
    }

    /// An image for the receipt `receiptID`: shown (or handed to `success`) only if that receipt
    /// is still the active one; an answer for an older request is dropped.
    private func answer(
        _ receiptID: UUID, _ request: URLRequest, _ response: HTTPURLResponse?, _ image: Image,
        _ success: ImageDownloader.Success?
    ) {
        guard finish(receiptID, showing: success == nil ? image : nil) else { return }
        success?(request, response, image)
    }
    // end-listing

    // listing: finish-receipt
    /// If `receiptID` is the active receipt: clears it, shows `image` if there is one, and
    /// returns true. The check and the change are one step under the lock, so that a new
    /// `setImage` on another thread cannot slip between them.
    private func finish(_ receiptID: UUID, showing image: Image?) -> Bool {
        let finished = state.withLock { state -> Bool in
            guard state.activeReceipt?.receiptID == receiptID else { return false }
            state.activeReceipt = nil
            if let image { state.image = image }
            return true
        }
        if finished, let image { display?(image) }
        return finished
    }
    // end-listing

    private func show(_ image: Image) {
        state.withLock { $0.image = image }
        display?(image)
    }
}
