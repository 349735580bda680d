import Foundation

/// AFNetworking's `AFErrorWithUnderlyingError`, on `NSError`: `error` with `underlying` beneath it.
///
/// - no `error`: the result is `underlying`;
/// - no `underlying`, or `error` already has an underlying error: `error`, unchanged;
/// - otherwise a copy of `error` whose `userInfo` gains `NSUnderlyingErrorKey: underlying`.
///
/// The fix: the question "is there an underlying error already?" is about `error`, the one that
/// would be changed, not about `underlying`. Asked of the wrong error, the guard both overwrote
/// chains and refused to wrap a chain beneath a new error.
public func errorWithUnderlyingError(_ error: NSError?, _ underlying: NSError?) -> NSError? {
    guard let error else { return underlying }
    guard let underlying, error.userInfo[NSUnderlyingErrorKey] == nil else { return error }
    var userInfo = error.userInfo
    userInfo[NSUnderlyingErrorKey] = underlying
    return NSError(domain: error.domain, code: error.code, userInfo: userInfo)
}
