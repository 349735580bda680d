import Foundation
import ResponseValidation
import Testing

@Suite("Chaining errors, AFNetworking's two helpers")
struct ErrorChainTests {
    typealias Failure = ResponseSerializationError
    let top = Failure(.malformedBody(format: "JSON", detail: "x"), response: nil, data: nil)
    let status = Failure(.unacceptableStatusCode(500), response: nil, data: nil)
    let type = Failure(.unacceptableContentType("text/html"), response: nil, data: nil)

    @Test("No error gives the underlying error, and no underlying error leaves the error as it is")
    func missingSides() {
        #expect(Failure.error(nil, withUnderlyingError: status)?.reason == .unacceptableStatusCode(500))
        #expect(Failure.error(nil, withUnderlyingError: nil) == nil)
        #expect(Failure.error(top, withUnderlyingError: nil)?.chain.count == 1)
    }

    @Test("An underlying error is added beneath an error that has none")
    func wraps() throws {
        let wrapped = try #require(Failure.error(top, withUnderlyingError: status))
        #expect(wrapped.chain.map(\.reason) == [top.reason, status.reason])
    }

    @Test("An underlying error that is there is never overwritten")
    func neverOverwrites() throws {
        let statusOverType = try #require(Failure.error(status, withUnderlyingError: type))
        let result = try #require(Failure.error(statusOverType, withUnderlyingError: top))
        #expect(result.chain.map(\.reason) == [status.reason, type.reason])
    }

    @Test("A code is found at the top of the chain or anywhere beneath it, in its domain only")
    func search() throws {
        let chain = try #require(
            Failure.error(top, withUnderlyingError: Failure.error(status, withUnderlyingError: type)))
        let domain = Failure.errorDomain
        #expect(errorOrUnderlyingError(chain, hasCode: NSURLErrorBadServerResponse, inDomain: domain))
        #expect(errorOrUnderlyingError(status, hasCode: NSURLErrorBadServerResponse, inDomain: domain))
        #expect(!errorOrUnderlyingError(status, hasCode: NSURLErrorCannotDecodeContentData, inDomain: domain))
        #expect(!errorOrUnderlyingError(chain, hasCode: NSURLErrorBadServerResponse, inDomain: NSURLErrorDomain))
        #expect(!errorOrUnderlyingError(nil, hasCode: NSURLErrorBadServerResponse, inDomain: domain))
    }

    @Test("The search follows NSUnderlyingErrorKey through errors of any kind")
    func foreignErrors() {
        let inner = NSError(domain: NSCocoaErrorDomain, code: 3840)
        let outer = NSError(
            domain: NSURLErrorDomain, code: NSURLErrorCancelled, userInfo: [NSUnderlyingErrorKey: inner])
        #expect(errorOrUnderlyingError(outer, hasCode: 3840, inDomain: NSCocoaErrorDomain))
        #expect(errorOrUnderlyingError(URLError(.timedOut), hasCode: NSURLErrorTimedOut, inDomain: NSURLErrorDomain))
    }
}
