import Chapter05Exercise3
import Foundation
import ResponseValidation
import Testing

@Suite("5.3 Fix the chain that loses errors")
struct ChainTests {
    let domain = ResponseSerializationError.errorDomain
    var contentType: NSError { NSError(domain: domain, code: NSURLErrorCannotDecodeContentData) }
    var status: NSError { NSError(domain: domain, code: NSURLErrorBadServerResponse) }
    var parse: NSError { NSError(domain: NSCocoaErrorDomain, code: 3840) }

    /// The codes of `error`'s chain, outermost first.
    func codes(_ error: NSError?) -> [Int] {
        var codes: [Int] = []
        var current = error
        while let error = current {
            codes.append(error.code)
            current = error.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        return codes
    }

    @Test("An underlying error that is there is never overwritten")
    func neverOverwrites() {
        let statusOverType = errorWithUnderlyingError(status, contentType)
        let result = errorWithUnderlyingError(statusOverType, parse)
        #expect(codes(result) == [NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData])
    }

    @Test("A whole chain can go beneath a new error")
    func chainBeneath() {
        let validation = errorWithUnderlyingError(status, contentType)
        #expect(codes(errorWithUnderlyingError(parse, validation)) == [3840, NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData])
    }

    @Test("After a parse error goes over a two-level validation error, the content-type code is still found")
    func searchAfterWrapping() {
        let validation = errorWithUnderlyingError(status, contentType)
        let result = errorWithUnderlyingError(parse, validation)
        #expect(errorOrUnderlyingError(result, hasCode: NSURLErrorCannotDecodeContentData, inDomain: domain))
    }

    @Test("An error that already has an underlying error comes back as the very same object")
    func sameObject() {
        let statusOverType = errorWithUnderlyingError(status, contentType)
        #expect(errorWithUnderlyingError(statusOverType, parse) === statusOverType)
    }
}
