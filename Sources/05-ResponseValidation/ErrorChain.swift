import Foundation

extension ResponseSerializationError {
    // listing: error-with-underlying-error
    /// `error`, with `underlying` beneath it, AFNetworking's `AFErrorWithUnderlyingError`:
    ///
    /// - no `error`: the result is `underlying`, whatever it is;
    /// - no `underlying`, or `error` already has an underlying error: `error` is returned as it is.
    ///   An underlying error that is there is never overwritten, so a chain only ever grows at the top;
    /// - otherwise `error` gains `underlying` as its underlying error.
    public static func error(_ error: Self?, withUnderlyingError underlying: Self?) -> Self? {
        guard var error else { return underlying }
        guard let underlying, error.underlyingError == nil else { return error }
        error.underlyingError = underlying
        return error
    }
    // end-listing

    /// This error, then its underlying error, then that one's, and so on.
    public var chain: [ResponseSerializationError] {
        var chain = [self]
        while let next = chain[chain.count - 1].underlyingError { chain.append(next) }
        return chain
    }
}

// listing: error-has-code-in-domain
/// Whether `error`, or any error beneath it, has `code` in `domain`, AFNetworking's
/// `AFErrorOrUnderlyingErrorHasCodeInDomain`.
///
/// It works on any error, not only this module's: every Swift error bridges to `NSError`, and the
/// chain is followed through `NSUnderlyingErrorKey`, the way Foundation and AFNetworking link
/// errors. AFNetworking recurses; a loop does the same walk without growing the stack.
public func errorOrUnderlyingError(_ error: (any Error)?, hasCode code: Int, inDomain domain: String) -> Bool {
    var current = error.map { $0 as NSError }
    while let error = current {
        if error.domain == domain && error.code == code { return true }
        current = error.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    return false
}
// end-listing
