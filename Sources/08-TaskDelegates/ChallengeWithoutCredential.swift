import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// listing: answer-without-credential
/// Answers a task-level challenge that nobody has a credential for, so that the task ends as it
/// ends on Darwin: completed, with the 401 response and its body, and no network error (chapter 5's
/// serializer then reports the unacceptable status). The one answer of both owners: chapter 8's
/// forwarding delegate and chapter 9's manager.
///
/// Where the default handling does that (Darwin, and Linux from Swift 6.3.2), it is the answer.
/// Where it hangs instead, the owner completes the task at once, with no error (`complete`: its
/// own completion path, which marks the task completed first), then cancels the challenge: the
/// -999 that URLSession reports next finds nothing left to complete. FoundationNetworking raises
/// the challenge only once the 401's body is in, and by then it has handed that body over.
package func answerWithoutCredential(
    _ completionHandler: @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void,
    completingTask complete: () -> Void
) {
    guard defaultHandlingHangs else { return completionHandler(.performDefaultHandling, nil) }
    complete()
    completionHandler(.cancelAuthenticationChallenge, nil)
}
// end-listing

// listing: default-handling-hangs
/// Whether this toolchain's URLSession hangs, past any timeout, when a challenge nobody can meet is
/// answered with `.performDefaultHandling`: FoundationNetworking before Swift 6.3.2 does
/// (swift-corelibs-foundation issue #5456; fixed by PR #5457, released in 6.3.2 through PR #5458).
/// On Linux, Foundation is part of the toolchain, so the compiler's version is Foundation's.
package let defaultHandlingHangs: Bool = {
    #if canImport(FoundationNetworking) && !compiler(>=6.3.2)
    true
    #else
    false
    #endif
}()
// end-listing
