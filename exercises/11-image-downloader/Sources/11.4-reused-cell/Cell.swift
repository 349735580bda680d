import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import Locking

/// What a cell needs from a downloader: `ImageDownloader`'s two calls, reduced to the essentials.
/// The tests give the cell a real `ImageDownloader`, and a source whose answers they time.
public protocol ImageSource: Sendable {
    /// Asks for the image of `request` for the caller `receiptID`. `answer` is called once: with
    /// the image, or with nil when there is none (a failure, a cancellation). It may be called on
    /// any thread, and even before `download` returns (an image cache can answer at once).
    func download(_ request: URLRequest, receiptID: UUID, answer: @escaping @Sendable (Image?) -> Void)
    /// The caller `receiptID` no longer wants the image of `request`.
    func cancel(_ request: URLRequest, receiptID: UUID)
}

/// One place on screen that shows one remote image at a time: a list cell's image view. A list
/// reuses it: it may be asked to show a new request while the previous one is still on its way.
public final class Cell: Sendable {
    let source: any ImageSource
    let state = Protected(State())

    struct State {
        var image: Image?
        /// The request this cell waits for, and its receipt's identifier; nil when it waits for none.
        var active: (receiptID: UUID, request: URLRequest)?
    }

    public init(source: any ImageSource) {
        self.source = source
    }

    /// The image the cell shows now.
    public var image: Image? { state.withLock { $0.image } }

    /// Shows the image of `request` once it arrives.
    public func show(_ request: URLRequest) {
        // TODO(11.4): a reused cell must never end up showing the image of a request it showed before.
        source.download(request, receiptID: UUID()) { [weak self] image in
            guard let self, let image else { return }
            self.state.withLock { $0.image = image }
        }
    }
}
