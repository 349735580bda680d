import Foundation

/// `error`, with `cause` added at the very bottom of its chain, beneath its innermost underlying
/// error: the root cause of everything above it. Chapter 5's `AFErrorWithUnderlyingError` only
/// ever grows a chain at the top; a layer that learns late what started it all (a retrier that
/// finds the dropped connection behind a validation error) needs the other end.
///
/// - every level of the chain is kept, with its domain, code and whole `userInfo`;
/// - the errors passed in are not changed: the result is a new chain;
/// - a `cause` that is already in the chain (the very same object) is not added again.
public func addingRootCause(_ cause: NSError, to error: NSError) -> NSError {
    // TODO(5.3): put `cause` beneath the innermost error of `error`'s chain, by the rules above.
    return error
}
