import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import Locking

/// An image source that shares one download per URL among everyone who asks for it, and whose
/// `cancel` cancels that download for all of them: a simpler downloader than chapter 11's, without
/// receipts (one built on a dictionary of tasks by URL is like this).
public protocol SharedSource: Sendable {
    /// Asks for the image at `url`: joins the download of `url` on its way, or starts one.
    /// `answer` is called once, with the image or with nil (a failure, a cancellation), on any
    /// thread, and even before `fetch` returns (an image cache can answer at once).
    func fetch(_ url: URL, answer: @escaping @Sendable (Image?) -> Void)
    /// Cancels the download of `url`: every answer still waiting for it gets nil.
    func cancel(_ url: URL)
}

/// What the cells of one list share: the source, and what the cells know together.
public final class ListImages: Sendable {
    public let source: any SharedSource
    private let state = Protected(State())
    /// For the tests: called on the thread of every `withState`, just before it takes the lock.
    package let beforeLocking = Protected<(@Sendable () -> Void)?>(nil)

    struct State {
        // TODO(11.4): what must the cells of a list know together?
    }

    public init(source: any SharedSource) {
        self.source = source
    }

    /// Runs `body` with what the cells share, under the list's lock: the only way to it. (The tests
    /// set `beforeLocking` to hold a thread here, just before the lock, and so force the orderings
    /// that a busy machine makes only rare.)
    func withState<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        beforeLocking.value?()
        return state.withLock { body(&$0) }
    }
}

/// The image view of one list cell: it shows one remote image at a time, and a list reuses it, so
/// it may be asked to show a new URL while the previous one is still on its way.
///
/// As given, it follows chapter 11's reused-cell rule: the new request becomes the active one
/// before anything can answer for it, the previous one is cancelled, and an answer is shown only
/// if its request is still the active one.
public final class Cell: Sendable {
    let images: ListImages
    let state = Protected(State())

    struct State {
        var image: Image?
        /// The URL this cell waits for, and the identifier of that request; nil when it waits
        /// for none.
        var active: (receiptID: UUID, url: URL)?
    }

    public init(images: ListImages) {
        self.images = images
    }

    /// The image the cell shows now.
    public var image: Image? { state.withLock { $0.image } }

    /// Shows the image at `url` once it arrives.
    public func show(_ url: URL) {
        // TODO(11.4): two cells of a list can wait for the same image, and this source's cancel
        // cancels it for both. A reused cell must not take its neighbour's image away; a download
        // nobody waits for any more must still be cancelled.
        let receiptID = UUID()
        let previous = state.withLock { state in
            defer { state.active = (receiptID, url) }
            return state.active
        }
        if let previous { images.source.cancel(previous.url) }
        images.source.fetch(url) { [weak self] image in
            self?.answer(image, for: receiptID)
        }
    }

    /// The check and the change in one step under the lock: a `show` on another thread cannot slip
    /// between them.
    private func answer(_ image: Image?, for receiptID: UUID) {
        state.withLock { state in
            guard state.active?.receiptID == receiptID else { return }
            state.active = nil
            if let image { state.image = image }
        }
    }
}
