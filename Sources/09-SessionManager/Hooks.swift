import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the task-level challenge handler answers (AFNetworking 4.0.1's
/// `authenticationChallengeHandler` returns `nil`, an `NSError`, an `NSURLCredential` or an
/// `NSNumber` disposition; Swift says which with an enum instead of a type check).
public enum ChallengeAnswer: Sendable {
    /// Answer with this credential.
    case credential(URLCredential)
    /// Answer with this disposition and no credential.
    case disposition(URLSession.AuthChallengeDisposition)
    /// Cancel the challenge and fail the task with this error instead of the cancellation.
    case failure(any Error)
    /// The handler has kept the completion handler and will call it itself, later.
    case later
}

/// The manager's optional closures, one per URLSession callback a caller may want to see or
/// steer. AFNetworking stores them as blocks and overrides `respondsToSelector:` so that URLSession
/// calls five of its methods only when their block is set (four on macOS, where the background
/// events method does not exist). The course does not: FoundationNetworking has no Objective-C
/// runtime to ask, so on Linux the manager's method always runs, and one design serves both
/// platforms: with no closure, the method does exactly what URLSession does when a delegate lacks
/// it. The closures run on the delegate queue, except `taskNeedNewBodyStream`, which Linux asks
/// for during `resume()`, off the delegate queue, and `taskDidComplete` for a task completed by a
/// challenge answered later from another thread, which runs on that thread.
public struct Hooks: Sendable {
    public typealias Challenge = URLAuthenticationChallenge
    public typealias ChallengeCompletion = @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void

    public var sessionDidBecomeInvalid: (@Sendable (URLSession, (any Error)?) -> Void)?
    /// Session-level challenges. (On Linux, Basic and Digest arrive at task level only.)
    public var sessionDidReceiveChallenge:
        (@Sendable (URLSession, Challenge) -> (URLSession.AuthChallengeDisposition, URLCredential?))?
    /// Returns the request to follow, or nil to stop and complete with the redirect response.
    public var taskWillPerformHTTPRedirection:
        (@Sendable (URLSession, URLSessionTask, HTTPURLResponse, URLRequest) -> URLRequest?)?
    public var authenticationChallengeHandler:
        (@Sendable (URLSession, URLSessionTask, Challenge, @escaping ChallengeCompletion) -> ChallengeAnswer)?
    public var taskNeedNewBodyStream: (@Sendable (URLSession, URLSessionTask) -> InputStream?)?
    public var taskDidSendBodyData: (@Sendable (URLSession, URLSessionTask, Int64, Int64, Int64) -> Void)?
    /// Called once for each of the manager's tasks, right after its delegate has been given the
    /// error it completes with, and with that error.
    public var taskDidComplete: (@Sendable (URLSession, URLSessionTask, (any Error)?) -> Void)?
    public var dataTaskDidReceiveResponse:
        (@Sendable (URLSession, URLSessionDataTask, URLResponse) -> URLSession.ResponseDisposition)?
    public var dataTaskDidReceiveData: (@Sendable (URLSession, URLSessionDataTask, Data) -> Void)?
    /// Returns the response to cache, or nil to cache nothing.
    public var dataTaskWillCacheResponse:
        (@Sendable (URLSession, URLSessionDataTask, CachedURLResponse) -> CachedURLResponse?)?
    /// Returns where to move the finished file (overriding the task's own destination), or nil to
    /// leave it to the task's destination.
    public var downloadTaskDidFinishDownloading: (@Sendable (URLSession, URLSessionDownloadTask, URL) -> URL?)?
    public var downloadTaskDidWriteData: (@Sendable (URLSession, URLSessionDownloadTask, Int64, Int64, Int64) -> Void)?
    public var downloadTaskDidResume: (@Sendable (URLSession, URLSessionDownloadTask, Int64, Int64) -> Void)?
    /// A data task became a download task (Darwin, after the response hook answered
    /// `.becomeDownload`); the task's delegate has moved to the download task already.
    public var dataTaskDidBecomeDownloadTask:
        (@Sendable (URLSession, URLSessionDataTask, URLSessionDownloadTask) -> Void)?
    /// A data task became a stream task (Darwin, after `.becomeStream`): the only way to be handed
    /// the stream task. (An addition: AFNetworking has no block for it.)
    public var dataTaskDidBecomeStreamTask: (@Sendable (URLSession, URLSessionDataTask, URLSessionStreamTask) -> Void)?

    /// Made by the manager only: an app changes the manager's own with `updateHooks`.
    init() {}
}

/// The hooks, and how many times they have been changed: `updateHooks` swaps its copy in only if
/// nobody changed them meanwhile.
struct HookStorage {
    var hooks = Hooks()
    var changes = 0
}

extension URLSessionManager {
    // listing: update-hooks
    /// The hooks as they are now. Change them with `updateHooks`.
    public var hooks: Hooks {
        hookStorage.withLock { $0.hooks }
    }

    /// Changes the hooks: `manager.updateHooks { $0.taskWillPerformHTTPRedirection = { … } }`.
    /// `change` runs on a copy, with no lock held; the copy is swapped in only if nobody changed
    /// the hooks meanwhile, else `change` runs again on theirs. (A settable `hooks` would lose one
    /// of two threads' changes: each would write back its own copy.)
    public func updateHooks(_ change: (inout Hooks) -> Void) {
        while true {
            var (hooks, changes) = hookStorage.withLock { ($0.hooks, $0.changes) }
            change(&hooks)
            let swapped = hookStorage.withLock { storage in
                guard storage.changes == changes else { return false }
                storage = HookStorage(hooks: hooks, changes: changes + 1)
                return true
            }
            if swapped { return }
        }
    }

    /// One hook, read on its own: a callback for every chunk copies one closure, not all of them.
    func hook<Hook>(_ read: (Hooks) -> Hook) -> Hook {
        hookStorage.withLock { read($0.hooks) }
    }
    // end-listing
}
