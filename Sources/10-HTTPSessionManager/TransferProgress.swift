import Foundation

// listing: transfer-progress
/// One moment of a transfer, as a value: `Progress` is a class that keeps changing, so the
/// façade's streams carry copies of its numbers instead.
public struct TransferProgress: Sendable, Equatable {
    public var completed: Int64
    /// -1 while the total is unknown (a chunked body, before its end).
    public var total: Int64

    public init(completed: Int64, total: Int64) {
        self.completed = completed
        self.total = total
    }

    init(_ progress: Progress) {
        self.init(completed: progress.completedUnitCount, total: progress.totalUnitCount)
    }

    /// From 0 to 1; 0 while the total is unknown.
    public var fractionCompleted: Double {
        total > 0 ? Double(completed) / Double(total) : 0
    }
}
// end-listing

// listing: progress-stream
extension HTTPSessionManager {
    /// Where an `async` call reports progress: not a stream, but the feeding end of one (make
    /// both with `AsyncStream.makeStream(of: TransferProgress.self)`). The call finishes it when it
    /// ends, so that a `for await` loop over the stream ends too.
    public typealias ProgressContinuation = AsyncStream<TransferProgress>.Continuation
}

extension AsyncStream<TransferProgress>.Continuation {
    /// A progress handler for chapter 8's task delegate that feeds this stream.
    var progressHandler: @Sendable (Progress) -> Void {
        { progress in self.yield(TransferProgress(progress)) }
    }
}
// end-listing
