import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import Testing

@Suite("Default headers")
struct DefaultHeadersTests {
    @Test("Accept-Language lists the languages with q-values falling by 0.1, written as AFNetworking writes them")
    func acceptLanguageFormat() {
        #expect(acceptLanguage(from: ["en"]) == "en;q=1")
        #expect(acceptLanguage(from: ["fr-CH", "fr", "en"]) == "fr-CH;q=1, fr;q=0.9, en;q=0.8")
        #expect(acceptLanguage(from: []) == "")
    }

    @Test("Accept-Language stops after the language whose q-value is 0.5")
    func acceptLanguageStops() {
        let languages = ["a", "b", "c", "d", "e", "f", "g", "h"]
        #expect(acceptLanguage(from: languages) == "a;q=1, b;q=0.9, c;q=0.8, d;q=0.7, e;q=0.6, f;q=0.5")
    }

    @Test("A new serializer sends Accept-Language and User-Agent, both replaceable")
    func defaults() {
        var serializer = HTTPRequestSerializer(languages: ["de-DE", "en"], userAgent: "App/2.1 (Linux)")
        #expect(serializer.value(forHTTPHeaderField: "Accept-Language") == "de-DE;q=1, en;q=0.9")
        #expect(serializer.value(forHTTPHeaderField: "user-agent") == "App/2.1 (Linux)")
        serializer.setValue("Other/1", forHTTPHeaderField: "User-Agent")
        #expect(serializer.value(forHTTPHeaderField: "User-Agent") == "Other/1")
        // What a request lacks, it gets from the serializer; what it has, it keeps.
        var request = URLRequest(url: URL(string: "http://example.com")!)
        request.setValue("fr", forHTTPHeaderField: "Accept-Language")
        let sent = serializer.addingDefaultHeaders(to: request)
        #expect(sent.value(forHTTPHeaderField: "User-Agent") == "Other/1")
        #expect(sent.value(forHTTPHeaderField: "Accept-Language") == "fr")
    }

    @Test("Without a user agent there is no User-Agent header")
    func noUserAgent() {
        let serializer = HTTPRequestSerializer(languages: ["en"], userAgent: nil)
        #expect(serializer.value(forHTTPHeaderField: "User-Agent") == nil)
        #expect(serializer.httpRequestHeaders == ["Accept-Language": "en;q=1"])
    }

    @Test("The default serializer reads this machine's languages and program")
    func machineDefaults() {
        let serializer = HTTPRequestSerializer()
        let userAgent = serializer.value(forHTTPHeaderField: "User-Agent") ?? ""
        #expect(userAgent.hasPrefix(ProcessInfo.processInfo.processName))
        #expect(userAgent.allSatisfy { $0.isASCII })
        #expect(
            serializer.value(forHTTPHeaderField: "Accept-Language") == acceptLanguage(from: Locale.preferredLanguages))
    }

    @Test("The user agent is name/version (system), transliterated to ASCII")
    func userAgentFormat() {
        #expect(
            UserAgent.make(name: "Photos", version: "3.2", system: "Linux; Debian GNU/Linux 12 (bookworm)")
                == "Photos/3.2 (Linux; Debian GNU/Linux 12 (bookworm))")
        #expect(UserAgent.make(name: "tool", version: nil, system: "Linux") == "tool (Linux)")
        #expect(UserAgent.make(name: "Zoë 中文", version: "1", system: "Linux") == "Zoe zhong wen/1 (Linux)")
    }

    @Test("Header names are case-insensitive: one header, spelled as last set")
    func caseInsensitive() {
        var serializer = HTTPRequestSerializer(languages: [], userAgent: nil)
        serializer.setValue("a", forHTTPHeaderField: "X-Token")
        serializer.setValue("b", forHTTPHeaderField: "x-token")
        #expect(serializer.value(forHTTPHeaderField: "X-TOKEN") == "b")
        #expect(serializer.httpRequestHeaders["x-token"] == "b")
        #expect(serializer.httpRequestHeaders.count == 2)  // and Accept-Language
    }

    @Test("A header set to nil is removed, and an unset header reads as nil")
    func removal() {
        var serializer = fixedSerializer()
        serializer.setValue("test", forHTTPHeaderField: "TestHeader")
        #expect(serializer.httpRequestHeaders["TestHeader"] == "test")
        serializer.setValue(nil, forHTTPHeaderField: "TestHeader")
        #expect(serializer.httpRequestHeaders["TestHeader"] == nil)
        #expect(serializer.value(forHTTPHeaderField: "Unset-Header") == nil)
    }

    @Test("Basic authorization is user:password in Base64, and can be cleared")
    func basicAuthorization() {
        var serializer = fixedSerializer()
        serializer.setAuthorizationHeader(username: "Aladdin", password: "open sesame")
        // RFC 7617's example
        #expect(serializer.value(forHTTPHeaderField: "Authorization") == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        serializer.setAuthorizationHeader(username: "zoë", password: "p:w")
        #expect(serializer.value(forHTTPHeaderField: "Authorization") == "Basic em/DqzpwOnc=")
        serializer.clearAuthorizationHeader()
        #expect(serializer.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(serializer.httpRequestHeaders["Authorization"] == nil)
    }
}
