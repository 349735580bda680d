import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization
import Testing

@Suite("JSON and property-list bodies")
struct JSONAndPropertyListTests {
    let json = JSONRequestSerializer(http: fixedSerializer(), writingOptions: [.sortedKeys])

    @Test("A POST gets a JSON body and Content-Type: application/json")
    func jsonBody() throws {
        let request = try json.request(
            method: "POST", urlString: "http://example.com", parameters: ["b": [1, 2], "a": "x", "t": true])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.httpBody == Data(#"{"a":"x","b":[1,2],"t":true}"#.utf8))
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == "en;q=1")
    }

    @Test("A top-level array is a JSON body too")
    func jsonArray() throws {
        let request = try json.request(
            method: "PUT", urlString: "http://example.com", parameters: [["id": 1], ["id": 2]])
        #expect(request.httpBody == Data(#"[{"id":1},{"id":2}]"#.utf8))
    }

    @Test("GET, HEAD and DELETE still put the parameters in the query", arguments: ["GET", "HEAD", "DELETE"])
    func jsonURIMethods(method: String) throws {
        let request = try json.request(
            method: method, urlString: "http://example.com/items", parameters: ["key": "value"])
        #expect(request.url?.absoluteString == "http://example.com/items?key=value")
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("Without parameters a POST has no body and no Content-Type")
    func jsonWithoutParameters() throws {
        let request = try json.request(method: "POST", urlString: "http://example.com", parameters: nil)
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("A Content-Type set by the caller is never overridden")
    func jsonKeepsContentType() throws {
        var serializer = json
        serializer.http.setValue("application/vnd.api+json", forHTTPHeaderField: "Content-Type")
        let request = try serializer.request(method: "PATCH", urlString: "http://example.com", parameters: ["a": 1])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test("Writing options reach the body")
    func writingOptions() throws {
        let serializer = JSONRequestSerializer(
            http: fixedSerializer(), writingOptions: [.sortedKeys, .withoutEscapingSlashes])
        let request = try serializer.request(
            method: "POST", urlString: "http://example.com", parameters: ["url": "http://a/b"])
        #expect(request.httpBody == Data(#"{"url":"http://a/b"}"#.utf8))
    }

    @Test("An object JSON cannot represent is an error with AFNetworking's domain, code and reason")
    func invalidJSON() {
        for parameters: Any in [["date": Date()], ["nan": Double.nan], "just a string", [1: "number key"]] {
            #expect {
                try json.request(method: "POST", urlString: "http://example.com", parameters: parameters)
            } throws: { error in
                let nsError = error as NSError
                return nsError.domain == "com.alamofire.error.serialization.request"
                    && nsError.code == URLError.Code.cannotDecodeContentData.rawValue
                    && nsError.userInfo[NSLocalizedFailureReasonErrorKey] as? String
                        == "The `parameters` argument is not valid JSON."
            }
        }
    }

    @Test(
        "A lone UTF-16 surrogate: Apple's JSONSerialization refuses it; on Linux U+FFFD is already in its place and is sent"
    )
    func loneSurrogate() throws {
        // "a", the first half of 😀 (D83D DE00) without the second, "b": what cutting text at a
        // UTF-16 length can leave.
        let units: [unichar] = [0x61, 0xD83D, 0x62]
        let text = NSString(characters: units, length: units.count)
        #if canImport(Darwin)
        // An NSString keeps the lone half; the writer refuses it, as AFNetworking's does.
        #expect(text.character(at: 1) == 0xD83D)
        #expect {
            try json.request(method: "POST", urlString: "http://example.com", parameters: ["text": text])
        } throws: { error in
            guard case RequestSerializationError.bodyEncodingFailed = error else { return false }
            return true
        }
        #else
        // swift-corelibs-foundation keeps an NSString's text as a Swift String, which cannot hold a
        // lone surrogate: it was replaced when the string was made, and the body sends that.
        #expect(text.character(at: 1) == 0xFFFD)
        let request = try json.request(method: "POST", urlString: "http://example.com", parameters: ["text": text])
        #expect(request.httpBody == Data(#"{"text":"a\#u{FFFD}b"}"#.utf8))
        #endif
        // What a caller can do on both: decode UTF-16 with validation while it is still UTF-16.
        #expect(String(validating: units, as: UTF16.self) == nil)
    }

    @Test("A property-list body is XML by default, with Content-Type: application/x-plist")
    func propertyListBody() throws {
        let serializer = PropertyListRequestSerializer(http: fixedSerializer())
        let request = try serializer.request(method: "POST", urlString: "http://example.com", parameters: ["a": 1])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-plist")
        let body = try #require(request.httpBody)
        #expect(String(decoding: body, as: UTF8.self).contains("<key>a</key>"))
        let decoded = try PropertyListSerialization.propertyList(from: body, format: nil) as? [String: Int]
        #expect(decoded == ["a": 1])
    }

    @Test("The binary format writes a binary property list")
    func binaryPropertyList() throws {
        let serializer = PropertyListRequestSerializer(http: fixedSerializer(), format: .binary)
        let request = try serializer.request(
            method: "POST", urlString: "http://example.com", parameters: ["d": Data([1, 2, 3])])
        let body = try #require(request.httpBody)
        #expect(body.starts(with: Data("bplist00".utf8)))
        var format = PropertyListSerialization.PropertyListFormat.xml
        _ = try PropertyListSerialization.propertyList(from: body, format: &format)
        #expect(format == .binary)
    }

    @Test("A value with no property-list form is an error, not a crash")
    func invalidPropertyList() {
        let serializer = PropertyListRequestSerializer(http: fixedSerializer())
        for parameters: Any in [["null": NSNull()], [1: "number key"]] {
            #expect {
                try serializer.request(method: "POST", urlString: "http://example.com", parameters: parameters)
            } throws: { error in
                guard case RequestSerializationError.invalidParameters = error else { return false }
                return (error as NSError).code == URLError.Code.cannotDecodeContentData.rawValue
            }
        }
    }

    @Test("The OpenStep format, which Foundation reads but cannot write, is an error, not a crash")
    func openStep() {
        let serializer = PropertyListRequestSerializer(http: fixedSerializer(), format: .openStep)
        #expect(throws: RequestSerializationError.self) {
            try serializer.request(method: "POST", urlString: "http://example.com", parameters: ["a": "b"])
        }
    }

    @Test("Every serializer can be used through the protocol")
    func throughTheProtocol() throws {
        let serializers: [any RequestSerializer] = [
            fixedSerializer(), json, PropertyListRequestSerializer(http: fixedSerializer()),
        ]
        let types = try serializers.map {
            try $0.request(method: "POST", urlString: "http://example.com", parameters: ["a": 1]).value(
                forHTTPHeaderField: "Content-Type")
        }
        #expect(types == ["application/x-www-form-urlencoded", "application/json", "application/x-plist"])
    }
}
