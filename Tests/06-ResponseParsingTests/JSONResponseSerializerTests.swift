import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import Testing

@Suite("JSONResponseSerializer: AFNetworking's behaviour")
struct JSONResponseSerializerTests {
    let serializer = JSONResponseSerializer()
    let body = Data(#"{"foo":"bar"}"#.utf8)

    @Test("application/json, text/json and text/javascript are accepted; nonstandard/json is not")
    func contentTypes() {
        for type in ["application/json", "text/json", "text/javascript"] {
            #expect(serializer.validation.validate(response(type), data: body).isValid, "\(type)")
        }
        #expect(!serializer.validation.validate(response("nonstandard/json"), data: body).isValid)
    }

    @Test("A JSON object parses into a dictionary, with no error")
    func dictionary() {
        let result = serializer.responseObject(for: response("text/json"), data: body)
        #expect(result.error == nil)
        #expect((result.object as? [String: Any])?["foo"] as? String == "bar")
    }

    @Test("An empty body and a single space give no object and no error")
    func emptyAndSingleSpace() {
        for data in [Data(), Data(" ".utf8)] {
            let result = serializer.responseObject(for: response("text/json"), data: data)
            #expect(result.object == nil && result.error == nil)
        }
    }

    @Test("A status failure parses the body and returns it with the error")
    func statusFailureReturnsBoth() {
        let result = serializer.responseObject(
            for: response(422, "application/json"), data: Data(#"{"error":"email taken"}"#.utf8))
        #expect(canonicalJSON(result.object) == #"{"error":"email taken"}"#)
        #expect(result.error?.reason == .unacceptableStatusCode(422))
    }

    @Test("A content-type failure returns no object")
    func contentTypeFailure() {
        let result = serializer.responseObject(for: response("text/html"), data: body)
        #expect(result.object == nil)
        #expect(result.error?.reason == .unacceptableContentType("text/html"))
    }

    @Test("Nulls are removed at every level, keys and array elements alike, as AFNetworking 4's own test asks")
    func nullRemoval() {
        var removing = serializer
        removing.removesKeysWithNullValues = true
        // AFNetworking 4.0.1's testThatJSONRemovesKeysWithNullValues, and a null between elements.
        let data = Data(
            #"{"key":"value","nullkey":null,"array":[{"subnullkey":null}],"arrayWithNulls":[null],"scores":[1,null,3]}"#
                .utf8)
        let result = removing.responseObject(for: response("application/json"), data: data)
        #expect(canonicalJSON(result.object) == #"{"array":[{}],"arrayWithNulls":[],"key":"value","scores":[1,3]}"#)
        let kept = serializer.responseObject(for: response("application/json"), data: data)
        #expect(canonicalJSON(kept.object) == canonicalJSON(try? JSONSerialization.jsonObject(with: data)))
    }

    @Test("Null removal: a lone null stays, an array of nulls empties, nested arrays lose theirs")
    func nullRemovalEdges() {
        #expect(removingKeysWithNullValues(NSNull()) is NSNull)
        #expect((removingKeysWithNullValues([NSNull(), NSNull()]) as? [Any])?.isEmpty == true)
        let nested: [Any] = [[NSNull(), 1], ["a": [NSNull()]]]
        #expect(canonicalJSON(removingKeysWithNullValues(nested)) == #"[[1],{"a":[]}]"#)
    }

    @Test("Reading options reach the parser: fragments are refused unless allowed")
    func readingOptions() {
        #expect(serializer.responseObject(for: response("application/json"), data: Data("42".utf8)).object == nil)
        var fragments = serializer
        fragments.readingOptions = .fragmentsAllowed
        #expect(fragments.responseObject(for: response("application/json"), data: Data("42".utf8)).object as? Int == 42)
    }

    @Test("The fast path and AFNetworking 2's string round trip parse to the same objects")
    func sameAsRoundTrip() throws {
        let document = Data(#"{"name":"Zoë 中文 👍🏽","n":[1,2.5,true,null],"escaped":"\u00e9\n"}"#.utf8)
        let fast = serializer.responseObject(for: response("application/json"), data: document).object
        let roundTrip = try jsonObjectViaStringRoundTrip(from: document)
        #expect(canonicalJSON(fast) == canonicalJSON(roundTrip))
        #expect(try jsonObjectViaStringRoundTrip(from: Data(" ".utf8)) == nil)
    }
}
