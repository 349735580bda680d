import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager

// listing: known-total
/// Upload progress for a streamed body whose length the manager knows but URLSession does not
/// (on Linux it goes out chunked, reported against a total of 0). A report without a total
/// becomes one against the form's length; a report with a total (Darwin) passes through.
enum KnownTotal {
    static func progressHandler(
        total: Int64?, _ handler: URLSessionManager.ProgressHandler?
    ) -> URLSessionManager.ProgressHandler? {
        guard let handler, let total, total > 0 else { return handler }
        let known = Progress(totalUnitCount: total)
        // Progress events arrive one at a time on the session's delegate queue: `known` is only
        // ever changed there.
        return { reported in
            guard reported.totalUnitCount <= 0 else { return handler(reported) }
            known.completedUnitCount = min(reported.completedUnitCount, total)
            handler(known)
        }
    }
}
// end-listing
