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
/// Darwin does that when the answer is `.performDefaultHandling`. FoundationNetworking in Swift
/// 6.3.1 hangs on that answer instead, past any timeout (swift-corelibs-foundation issue #5456,
/// fixed by PR #5457, in 6.3.2 by PR #5458). It raises the challenge only once the 401's body is
/// in, and by then it has handed that body to the task's delegate. So on Linux the owner
/// completes the task at once, with no error (`complete`: its own completion path, which takes
/// the task out of its table first), then cancels the challenge: the -999 that URLSession reports
/// next finds nothing left to complete.
package func answerWithoutCredential(
    _ completionHandler: @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void,
    completingTask complete: () -> Void
) {
    #if canImport(FoundationNetworking)
    complete()
    completionHandler(.cancelAuthenticationChallenge, nil)
    #else
    completionHandler(.performDefaultHandling, nil)
    #endif
}
// end-listing
