import Chapter05Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Testing

@Suite("5.3 Add a root cause at the bottom of a chain")
struct ChainTests {
    /// An error of the app's own: "the profile could not be loaded".
    let app = NSError(domain: "com.example.profile", code: 7, userInfo: [NSLocalizedDescriptionKey: "The profile could not be loaded."])
    /// What started it all: the connection dropped.
    let dropped = NSError(domain: NSURLErrorDomain, code: NSURLErrorNetworkConnectionLost)

    /// Chapter 5's two-level chain: a 500 whose body is HTML, -1011 over -1016, as an `NSError`.
    func validationError() -> NSError {
        let response = HTTPURLResponse(url: URL(string: "https://api.example.com/me")!, statusCode: 500, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "text/html"])
        let validation = HTTPResponseSerializer(acceptableContentTypes: ["application/json"]).validate(response, data: Data("<h1>Oops</h1>".utf8))
        return validation.error! as NSError
    }

    /// The errors of `error`'s chain, outermost first.
    func chain(_ error: NSError?) -> [NSError] {
        var chain: [NSError] = []
        var current = error
        while let level = current {
            chain.append(level)
            current = level.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        return chain
    }

    func codes(_ error: NSError?) -> [Int] { chain(error).map(\.code) }

    @Test("An error with no underlying error gains the cause beneath it")
    func oneLevel() {
        #expect(codes(addingRootCause(dropped, to: app)) == [7, NSURLErrorNetworkConnectionLost])
    }

    @Test("A chain keeps every level, and the cause goes beneath the innermost one")
    func beneathTheInnermost() {
        let result = addingRootCause(dropped, to: validationError())
        #expect(codes(result) == [NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData, NSURLErrorNetworkConnectionLost])
        #expect(errorOrUnderlyingError(result, hasCode: NSURLErrorNetworkConnectionLost, inDomain: NSURLErrorDomain))
    }

    @Test("Every level keeps its own domain, message, response and body")
    func keepsUserInfo() {
        let original = chain(validationError())
        let rebuilt = chain(addingRootCause(dropped, to: validationError()))
        #expect(rebuilt.count == 3)
        for (before, after) in zip(original, rebuilt) {
            #expect(after.domain == before.domain && after.localizedDescription == before.localizedDescription,
                    "level \(before.code) became \(after.domain) \(after.code): \(after.localizedDescription)")
            for key in [ResponseSerializationError.failingURLResponseKey, ResponseSerializationError.failingURLResponseDataKey, NSURLErrorFailingURLErrorKey] {
                #expect(after.userInfo[key] != nil, "level \(before.code) lost \(key)")
            }
        }
    }

    @Test("The result is a new chain: the errors passed in are left as they were")
    func leavesTheOriginal() {
        let original = validationError()
        let inner = chain(original)[1]
        let result = addingRootCause(dropped, to: original)
        #expect(codes(result) == [NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData, NSURLErrorNetworkConnectionLost])
        #expect(codes(original) == [NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData], "the error passed in changed")
        #expect(chain(original)[1] === inner && inner.userInfo[NSUnderlyingErrorKey] == nil, "its innermost error changed")
    }

    @Test("A cause already in the middle of the chain, with an error of its own beneath it, is not added again")
    func alreadyInTheMiddle() {
        // The connection was lost because the peer reset it: the cause carries its own cause.
        let reset = NSError(domain: NSPOSIXErrorDomain, code: Int(ECONNRESET))
        let cause = NSError(domain: NSURLErrorDomain, code: NSURLErrorNetworkConnectionLost, userInfo: [NSUnderlyingErrorKey: reset])
        let error = NSError(domain: app.domain, code: app.code, userInfo: [NSUnderlyingErrorKey: cause])
        let result = addingRootCause(cause, to: error)
        #expect(codes(result) == [7, NSURLErrorNetworkConnectionLost, Int(ECONNRESET)],
                "the cause was already the second of three levels, and the chain became \(codes(result))")
        // Another cause still goes to the very bottom, beneath the reset.
        let timedOut = NSError(domain: NSURLErrorDomain, code: NSURLErrorTimedOut)
        #expect(codes(addingRootCause(timedOut, to: error)) == [7, NSURLErrorNetworkConnectionLost, Int(ECONNRESET), NSURLErrorTimedOut])
    }

    @Test("A cause is the very same error, not any error with its domain and code: a second connection lost is added")
    func sameCodeIsNotTheSameError() {
        let first = NSError(domain: NSURLErrorDomain, code: NSURLErrorNetworkConnectionLost,
                            userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://api.example.com/me")!])
        let second = NSError(domain: NSURLErrorDomain, code: NSURLErrorNetworkConnectionLost,
                             userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://cdn.example.com/avatar.png")!])
        let result = addingRootCause(second, to: addingRootCause(first, to: app))
        #expect(codes(result) == [7, NSURLErrorNetworkConnectionLost, NSURLErrorNetworkConnectionLost],
                "a second, different error with the same domain and code was taken for the first: the chain is \(codes(result))")
    }

    @Test("A cause that is already in the chain is not added again, and a chain can take a chain")
    func onceOnly() {
        let once = addingRootCause(dropped, to: app)
        #expect(codes(addingRootCause(dropped, to: once)) == [7, NSURLErrorNetworkConnectionLost])
        let twoCauses = addingRootCause(addingRootCause(dropped, to: validationError()), to: app)
        #expect(codes(twoCauses) == [7, NSURLErrorBadServerResponse, NSURLErrorCannotDecodeContentData, NSURLErrorNetworkConnectionLost])
    }
}
