import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

@Suite("Request properties apply only when set")
struct RequestPropertiesTests {
    @Test("An untouched serializer leaves every property at URLRequest's own default")
    func unsetPropertiesLeaveDefaults() throws {
        let request = try fixedSerializer().request(method: "GET", urlString: "http://example.com")
        let plain = URLRequest(url: URL(string: "http://example.com")!)
        #expect(request.cachePolicy == plain.cachePolicy)
        #expect(request.timeoutInterval == plain.timeoutInterval)
        #expect(request.httpShouldHandleCookies == plain.httpShouldHandleCookies)
        #expect(request.allowsCellularAccess == plain.allowsCellularAccess)
        #expect(request.networkServiceType == plain.networkServiceType)
    }

    @Test("Each property that is set is copied onto a new request")
    func setPropertiesAreCopied() throws {
        var serializer = fixedSerializer()
        serializer.cachePolicy = .reloadIgnoringLocalCacheData
        serializer.timeoutInterval = 12
        serializer.httpShouldHandleCookies = false
        // The opposite of a new request's own value, which differs between platforms (true in
        // FoundationNetworking, false on Apple's), so that copying it shows.
        let pipeliningDefault = PipeliningFlag.read(URLRequest(url: URL(string: "http://example.com")!))
        serializer.httpShouldUsePipelining = !pipeliningDefault
        serializer.allowsCellularAccess = false
        serializer.networkServiceType = .background
        let request = try serializer.request(method: "GET", urlString: "http://example.com")
        #expect(request.cachePolicy == .reloadIgnoringLocalCacheData)
        #expect(request.timeoutInterval == 12)
        #expect(request.httpShouldHandleCookies == false)
        #expect(request.allowsCellularAccess == false)
        #expect(request.networkServiceType == .background)
        // Deprecated and a no-op on Linux, but copied as AFNetworking copies it; the request keeps
        // the value, so the copy can be seen.
        #expect(PipeliningFlag.read(request) == !pipeliningDefault, "httpShouldUsePipelining was not copied")
    }

    @Test("A property set back to nil is no longer copied")
    func unsetAgain() throws {
        var serializer = fixedSerializer()
        serializer.timeoutInterval = 3
        serializer.timeoutInterval = nil
        let request = try serializer.request(method: "GET", urlString: "http://example.com")
        #expect(request.timeoutInterval == URLRequest(url: URL(string: "http://example.com")!).timeoutInterval)
    }

    @Test("Serializing an existing request does not touch its properties")
    func existingRequestKeepsItsProperties() throws {
        var serializer = fixedSerializer()
        serializer.timeoutInterval = 3
        var request = URLRequest(url: URL(string: "http://example.com")!)
        request.timeoutInterval = 99
        let serialized = try serializer.request(bySerializing: request, parameters: nil)
        #expect(serialized.timeoutInterval == 99)
    }
}

/// Reads `URLRequest.httpShouldUsePipelining`, deprecated on every platform, without a warning:
/// Swift reports a deprecated use inside a deprecated function only where that function is called
/// directly, not through a protocol it implements (the module sets the flag the same way).
private protocol PipeliningReader {
    func read(_ request: URLRequest) -> Bool
}

private struct PipeliningFlag: PipeliningReader {
    @available(*, deprecated, message: "HTTP/1.1 pipelining is deprecated; read because AFNetworking copies it")
    func read(_ request: URLRequest) -> Bool { request.httpShouldUsePipelining }

    static func read(_ request: URLRequest) -> Bool { (PipeliningFlag() as any PipeliningReader).read(request) }
}
