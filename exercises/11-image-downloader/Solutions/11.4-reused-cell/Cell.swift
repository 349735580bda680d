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

/// What the cells of one list share: the source, and how many cells wait for each URL. The source
/// has no receipts, so the count is what chapter 11's merged task keeps in its handlers: a
/// download is cancelled when the last cell waiting for it stops waiting, never before.
public final class ListImages: Sendable {
    public let source: any SharedSource
    private let state = Protected(State())
    /// For the tests: called on the thread of every `withState`, just before it takes the lock.
    package let beforeLocking = Protected<(@Sendable () -> Void)?>(nil)

    struct State {
        /// How many cells wait for each URL; a URL nobody waits for has no entry.
        var waiting: [URL: Int] = [:]
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

    /// A cell starts waiting for `url`. Counted before asking: the answer may come at once,
    /// inside `fetch`, and it must find the cell counted.
    func join(_ url: URL, answer: @escaping @Sendable (Image?) -> Void) {
        withState { $0.waiting[url, default: 0] += 1 }
        source.fetch(url, answer: answer)
    }

    /// A cell stops waiting for `url`, because it got its answer or was reused; the last one to
    /// leave before the answer cancels the download.
    func leave(_ url: URL, cancelling: Bool) {
        let last = withState { state -> Bool in
            guard let count = state.waiting[url] else { return false }
            state.waiting[url] = count > 1 ? count - 1 : nil
            return count == 1
        }
        if last && cancelling { source.cancel(url) }
    }
}

/// The image view of one list cell: it shows one remote image at a time, and a list reuses it, so
/// it may be asked to show a new URL while the previous one is still on its way.
///
/// Chapter 11's reused-cell rule, with the cancellation counted across the list: the new request
/// becomes the active one before anything can answer for it, the previous one is left (and its
/// download cancelled if nobody else waits for it), and an answer is shown only if its request
/// is still the active one.
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

    /// Shows the image at `url` once it arrives. Asked again for the URL it waits for, the cell
    /// changes nothing: leaving and joining again would cancel the download for everyone.
    public func show(_ url: URL) {
        let receiptID = UUID()
        let replaced = state.withLock { state -> (receiptID: UUID, url: URL)?? in
            if state.active?.url == url { return nil }
            defer { state.active = (receiptID, url) }
            return .some(state.active)
        }
        guard let replaced else { return }
        if let previous = replaced { images.leave(previous.url, cancelling: true) }
        images.join(url) { [weak self] image in
            self?.answer(image, for: receiptID)
        }
    }

    /// The check and the change in one step under the lock: a `show` on another thread cannot slip
    /// between them. An answer for the active request ends this cell's wait; an answer for an
    /// older one changes nothing, since the cell left that URL when it was reused.
    private func answer(_ image: Image?, for receiptID: UUID) {
        let answered = state.withLock { state -> URL? in
            guard let active = state.active, active.receiptID == receiptID else { return nil }
            state.active = nil
            if let image { state.image = image }
            return active.url
        }
        if let answered { images.leave(answered, cancelling: false) }
    }
}
