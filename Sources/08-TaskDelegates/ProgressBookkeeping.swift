import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The arithmetic behind the two progress objects, kept apart from the objects so that it can be
/// read and tested on its own.
///
/// AFNetworking reads the counts off the task (`countOfBytesReceived`, `countOfBytesExpectedToSend`)
/// and lets key-value observing call the caller's blocks. On Linux neither works: a data task's
/// `countOfBytesReceived` and `progress` stay 0, and KVO does not exist. So the delegate counts the
/// bytes itself and calls the blocks itself.
package enum ProgressBookkeeping {
    /// `NSURLSessionTransferSizeUnknown`: a total nobody knows yet.
    package static let unknown: Int64 = -1

    // listing: progress-totals
    /// The total for a response's body: its `Content-Length`, or unknown when it is chunked
    /// (`expectedContentLength` is already -1 then; anything negative counts as unknown).
    package static func expectedTotal(of response: URLResponse) -> Int64 {
        response.expectedContentLength < 0 ? unknown : response.expectedContentLength
    }

    /// The total for a request's body. URLSession reports an unknown length as -1 on Darwin and as
    /// 0 on Linux (a body stream); then the length the request declared, if any, is the best guess.
    package static func uploadTotal(reported: Int64, declared: Int64?) -> Int64 {
        if reported > 0 { return reported }
        guard let declared, declared > 0 else { return unknown }
        return declared
    }

    /// The length a request declares for its body: its `Content-Length`, or nil.
    package static func declaredLength(of request: URLRequest?) -> Int64? {
        request?.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) }
    }

    /// The total to give a `Progress` that shows `current`. Foundation traps when a total goes
    /// from above 0 back to 0, which happens when a 401 with a body is followed by an empty 200:
    /// such a total becomes unknown instead.
    package static func settableTotal(current: Int64, proposed: Int64) -> Int64 {
        current > 0 && proposed == 0 ? unknown : proposed
    }
    // end-listing
}
