import Chapter06Exercise1
import Foundation
import ResponseParsing
import Testing

@Suite("6.1 Remove the nulls")
struct NullsTests {
    /// Parses `json`, removes the nulls with your function, and writes the result back as JSON with
    /// sorted keys, so that results compare as text.
    func removed(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let result = try JSONSerialization.data(withJSONObject: removingNulls(from: object), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: result, as: UTF8.self)
    }

    // Each result is computed before it is compared: an expectation that holds a `try` shows the
    // expected text only, not what your function gave.

    @Test("A null entry at the top level is removed")
    func topLevel() throws {
        let result = try removed(#"{"name":"Ada","nickname":null}"#)
        #expect(result == #"{"name":"Ada"}"#)
    }

    @Test("Null entries are removed inside nested dictionaries")
    func nested() throws {
        let result = try removed(#"{"user":{"name":"Ada","address":{"zip":null,"city":"London"}}}"#)
        #expect(result == #"{"user":{"address":{"city":"London"},"name":"Ada"}}"#)
    }

    @Test("Null entries are removed inside dictionaries inside arrays")
    func insideArrays() throws {
        let result = try removed(#"[{"id":1,"deleted":null},[{"x":null}]]"#)
        #expect(result == #"[{"id":1},[{}]]"#)
    }

    @Test("A null element of an array goes too, and the elements after it move down, as in AFNetworking 4")
    func nullElements() throws {
        let scores = try removed(#"{"scores":[1,null,3],"best":null}"#)
        #expect(scores == #"{"scores":[1,3]}"#)
        let nested = try removed(#"[null,[null],{"a":[null,null]}]"#)
        #expect(nested == #"[[],{"a":[]}]"#)
    }

    @Test("An array of nulls empties, while a lone null with nothing around it comes back as it is")
    func loneNull() throws {
        let arrayOfNull = try removed(#"[null]"#)
        #expect(arrayOfNull == "[]")
        let loneNull = try removed("null")
        #expect(loneNull == "null")
    }

    @Test("Your function agrees with the library's on a whole document")
    func agreesWithTheLibrary() throws {
        let document = #"{"a":null,"b":[{"c":null,"d":[null,{"e":null,"f":"g"}]}],"h":{"i":{"j":null,"k":0}}}"#
        let object = try JSONSerialization.jsonObject(with: Data(document.utf8))
        let expected = try JSONSerialization.data(withJSONObject: removingKeysWithNullValues(object), options: .sortedKeys)
        let result = try removed(document)
        #expect(result == String(decoding: expected, as: UTF8.self))
    }
}
