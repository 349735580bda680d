import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager

// listing: known-total
/// Upload progress for a streamed body whose length the manager knows but URLSession does not.
///
/// On Linux a streamed body goes out chunked: URLSession reports its expected total as 0, and
/// the request no longer carries the `Content-Length` that chapter 8 would fall back to, so the
/// task delegate's upload progress never learns its total and never reaches 1.0. The multipart
/// form knew its length all along: this handler reports the bytes sent against it, in a
/// `Progress` of its own. Where URLSession knows the total (Darwin), its progress passes through.
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
