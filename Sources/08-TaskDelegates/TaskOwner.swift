import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a task delegate asks of the object that made it and keeps it (chapter 9's manager): to
/// suspend and resume the task when someone pauses or resumes one of its progress objects, so that
/// the owner sees it as it sees its own calls (the manager posts its notifications).
package protocol TaskOwner: AnyObject, Sendable {
    func suspend(_ task: URLSessionTask)
    func resume(_ task: URLSessionTask)
}

/// Why a task's owner cancelled the task itself (chapter 9's manager has three reasons), and so what
/// the task completes with. AFNetworking's task delegate, likewise, completes with the error its
/// manager hung on the task (an associated object) instead of the one URLSession reports.
package protocol OwnerCancellation: Sendable {
    /// The error the task completes with, given the one URLSession reported (nil: success).
    func completionError(reported: (any Error)?) -> (any Error)?
}
