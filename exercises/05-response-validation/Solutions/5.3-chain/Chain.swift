import Foundation

/// `error`, with `cause` added at the very bottom of its chain, beneath its innermost underlying
/// error: the root cause of everything above it. Chapter 5's `AFErrorWithUnderlyingError` only
/// ever grows a chain at the top; a layer that learns late what started it all (a retrier that
/// finds the dropped connection behind a validation error) needs the other end.
///
/// - every level of the chain is kept, with its domain, code and whole `userInfo`;
/// - the errors passed in are not changed: the result is a new chain;
/// - a `cause` that is already in the chain (the very same object) is not added again.
///
/// `NSError` is immutable: giving the innermost error an underlying error means a new innermost
/// error, and then a new error for every level above it, each pointing at the new one below.
public func addingRootCause(_ cause: NSError, to error: NSError) -> NSError {
    var chain: [NSError] = []  // outermost first
    var current: NSError? = error
    while let level = current {
        if level === cause { return error }
        chain.append(level)
        current = level.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    var rebuilt = cause
    for level in chain.reversed() {
        var userInfo = level.userInfo
        userInfo[NSUnderlyingErrorKey] = rebuilt
        rebuilt = NSError(domain: level.domain, code: level.code, userInfo: userInfo)
    }
    return rebuilt
}
