import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation
import Testing

@Suite("DecodableResponseSerializer: JSON into Swift types, with the same validation")
struct DecodableResponseSerializerTests {
    struct User: Decodable, Equatable {
        var id: Int
        var name: String
    }

    struct APIError: Decodable {
        var error: String
    }

    @Test("A valid body decodes into the value")
    func decodes() {
        let result = DecodableResponseSerializer<User>().responseObject(
            for: response("application/json"), data: Data(#"{"id":7,"name":"Ada"}"#.utf8))
        #expect(result.object == User(id: 7, name: "Ada"))
        #expect(result.error == nil)
    }

    @Test("A 422 decodes the server's message and returns it with the status error")
    func errorBody() {
        let result = DecodableResponseSerializer(APIError.self).responseObject(
            for: response(422, "application/json"), data: Data(#"{"error":"email taken"}"#.utf8))
        #expect(result.object?.error == "email taken")
        #expect(result.error?.reason == .unacceptableStatusCode(422))
    }

    @Test("Well-formed JSON of the wrong shape gives decodingFailed with the path")
    func wrongShape() throws {
        let result = DecodableResponseSerializer<User>().responseObject(
            for: response("application/json"), data: Data(#"{"id":"seven","name":"Ada"}"#.utf8))
        let reason = try #require(result.error?.reason)
        guard case .decodingFailed(let type, let detail) = reason else {
            Issue.record("unexpected reason \(reason)")
            return
        }
        #expect(type == "User")
        #expect(detail.hasPrefix("at id: "))
    }

    struct Feed: Decodable {
        var version: UInt8
        var items: [Int]
    }

    // The first body is the decodable fuzz target's input (Fuzz/Targets/decodable). On Linux,
    // JSONDecoder reports a number that does not fit its type as corrupted data with no coding path,
    // which is also how it reports text that is not JSON: only the parser can tell the two apart.
    @Test(
        "A number that does not fit its type is JSON of the wrong shape, not malformed JSON",
        arguments: [#"{"version":300,"items":[]}"#, #"{"version":1,"items":[1.5]}"#, #"{"version":-1,"items":[]}"#])
    func numberOutOfRange(body: String) throws {
        let result = DecodableResponseSerializer<Feed>().responseObject(
            for: response("application/json"), data: Data(body.utf8))
        let reason = try #require(result.error?.reason)
        guard case .decodingFailed(let type, _) = reason else {
            Issue.record("unexpected reason \(reason)")
            return
        }
        #expect(type == "Feed")
    }

    @Test("A missing key gives decodingFailed; malformed JSON gives malformedBody")
    func missingKeyAndMalformed() {
        let missing = DecodableResponseSerializer<User>().responseObject(
            for: response("application/json"), data: Data(#"{"id":7}"#.utf8))
        if case .decodingFailed = missing.error?.reason {
        } else {
            Issue.record("expected decodingFailed, got \(String(describing: missing.error))")
        }
        let malformed = DecodableResponseSerializer<User>().responseObject(
            for: response("application/json"), data: Data(#"{"id":7,"#.utf8))
        if case .malformedBody(format: "JSON", _) = malformed.error?.reason {
        } else {
            Issue.record("expected malformedBody, got \(String(describing: malformed.error))")
        }
    }

    @Test("The decoder's strategies apply")
    func decoderStrategies() {
        struct Event: Decodable { var startsAt: Date }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        let result = DecodableResponseSerializer(Event.self, decoder: decoder).responseObject(
            for: response("application/json"), data: Data(#"{"starts_at":60}"#.utf8))
        #expect(result.object?.startsAt == Date(timeIntervalSince1970: 60))
    }
}
