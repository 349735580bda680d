import Foundation

/// AFNetworking's `AFErrorWithUnderlyingError`, on `NSError`: `error` with `underlying` beneath it.
///
/// - no `error`: the result is `underlying`;
/// - no `underlying`, or `error` already has an underlying error: `error`, unchanged;
/// - otherwise a copy of `error` whose `userInfo` gains `NSUnderlyingErrorKey: underlying`.
///
/// This version has a bug. Run `swift run workshop check 5.3`, read which tests fail and why, then
/// fix it.
public func errorWithUnderlyingError(_ error: NSError?, _ underlying: NSError?) -> NSError? {
    guard let error else { return underlying }
    // TODO(5.3): this guard lets an underlying error be overwritten, and refuses some it should add.
    guard let underlying, underlying.userInfo[NSUnderlyingErrorKey] == nil else { return error }
    var userInfo = error.userInfo
    userInfo[NSUnderlyingErrorKey] = underlying
    return NSError(domain: error.domain, code: error.code, userInfo: userInfo)
}
