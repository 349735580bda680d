import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a caller of `downloadImage(for:…)` holds on to, to cancel its own interest in the image
/// later (AFNetworking's `AFImageDownloadReceipt`). Every caller gets its own receipt, even when
/// its request joined a download that another caller started.
public struct ImageDownloadReceipt: Sendable, Hashable {
    /// The caller's own identifier: cancelling the receipt removes this caller's handlers only.
    public let receiptID: UUID
    /// The request the receipt was made for. Its URL names the download the handlers wait on.
    /// (AFNetworking's receipt holds the data task; here a queued download has no task yet.)
    public let request: URLRequest

    /// The receipt of the caller `receiptID` for `request`, as `downloadImage(for:receiptID:…)`
    /// makes it (AFNetworking keeps its receipt's initializer out of its header too).
    package init(receiptID: UUID, request: URLRequest) {
        self.receiptID = receiptID
        self.request = request
    }
}

/// The order in which waiting downloads start (AFNetworking's `AFImageDownloadPrioritization`).
public enum DownloadPrioritization: Sendable {
    /// First asked, first started: a gallery loading in reading order.
    case fifo
    /// Last asked, first started: a list that scrolls, whose newest cells are the ones on screen.
    case lifo
}
