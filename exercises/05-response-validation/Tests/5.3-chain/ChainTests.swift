import Chapter05Exercise3
import Foundation
import ResponseValidation
import Testing

@Suite("5.3 Fix the chain that loses errors")
struct ChainTests {
    let domain = ResponseSerializationError.errorDomain
    var contentType: NSError { NSError(domain: domain, code: NSURLErrorCannotDecodeContentData) }
    var status: NSError { NSError(domain: domain, code: NSURLErrorBadServerResponse) }
    /// An error of the app's own, which wraps whatever the serializer said: "the profile could not be loaded".
    var app: NSError { NSError(domain: "com.example.profile", code: 7) }

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
        let result = errorWithUnderlyingError(statusOverType, app)
        #expect(codes(result) == [NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData])
    }

    @Test("A whole chain can go beneath a new error")
    func chainBeneath() {
        let validation = errorWithUnderlyingError(status, contentType)
        #expect(codes(errorWithUnderlyingError(app, validation)) == [7, NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData])
    }

    @Test("After an error of the app's own goes over a two-level validation error, the content-type code is still found")
    func searchAfterWrapping() {
        let validation = errorWithUnderlyingError(status, contentType)
        let result = errorWithUnderlyingError(app, validation)
        #expect(errorOrUnderlyingError(result, hasCode: NSURLErrorCannotDecodeContentData, inDomain: domain))
    }

    @Test("An error that already has an underlying error comes back as the very same object")
    func sameObject() {
        let statusOverType = errorWithUnderlyingError(status, contentType)
        #expect(errorWithUnderlyingError(statusOverType, app) === statusOverType)
    }
}
