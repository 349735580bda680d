import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

@Suite("Bad input gives a typed error")
struct BadURLTests {
    @Test(
        "An unparseable URL string is a bad-URL error, never a crash",
        arguments: [
            "", "http://exa mple.com", "http://[::1", "http://host:port/", "ht tp://x", "http://ex%ample.com",
        ])
    func badURL(urlString: String) {
        #expect {
            try fixedSerializer().request(method: "GET", urlString: urlString, parameters: ["a": 1])
        } throws: { error in
            guard case RequestSerializationError.badURL(urlString) = error else { return false }
            return true
        }
    }

    @Test("The error bridges to AFNetworking's NSError: its domain, NSURLErrorBadURL and a reason")
    func bridgesToNSError() {
        let error = RequestSerializationError.badURL("http://[::1") as NSError
        #expect(error.domain == "com.alamofire.error.serialization.request")
        #expect(error.code == URLError.Code.badURL.rawValue)
        #expect((error.userInfo[NSLocalizedFailureReasonErrorKey] as? String)?.contains("http://[::1") == true)
    }

    @Test("A closure's error bridges with its own code and is the underlying error")
    func closureErrorBridges() {
        let underlying = NSError(domain: "Custom", code: -7)
        let error = RequestSerializationError.queryStringSerializationFailed(underlying) as NSError
        #expect(error.domain == "com.alamofire.error.serialization.request")
        #expect(error.code == -7)
        #expect((error.userInfo[NSUnderlyingErrorKey] as? NSError)?.domain == "Custom")
    }
}
