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

    @Test("Asking whether a value is null converts nothing: no dictionary of a deep document is bridged to NSDictionary on the way")
    func deepDocumentIsNotBridged() {
        // 40 levels of dictionaries and arrays, nulls at every level, and at the bottom one value
        // JSON never makes: a probe that counts how often it is turned into an Objective-C object.
        // Bridging a dictionary or an array to Foundation's does that to every value inside it.
        let probe = BridgingProbe()
        var document: Any = ["probe": probe, "gone": NSNull()] as [String: Any]
        for depth in 0..<40 { document = ["next": document, "also": [depth, NSNull()] as [Any], "gone": NSNull()] as [String: Any] }
        let result = removingNulls(from: document)
        #expect(probe.conversions == 0, """
            the value at the bottom was converted to an Objective-C object \(probe.conversions) times: each time, a check \
            turned a whole dictionary or array above it into Foundation's, only to answer a question about its type
            """)
        var level: Any = result
        for depth in 0..<40 {
            guard let dictionary = level as? [String: Any], dictionary["gone"] == nil, (dictionary["also"] as? [Any])?.count == 1 else {
                Issue.record("level \(depth) still holds a null, or lost a value: \(type(of: level))")
                return
            }
            level = dictionary["next"] ?? ()
        }
        #expect((level as? [String: Any])?.keys.sorted() == ["probe"], "the bottom dictionary should keep its probe and lose its null")
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

/// A value that counts its conversions to an Objective-C object (`_ObjectiveCBridgeable`, the
/// standard library's protocol for types that bridge): bridging a Swift dictionary or array to
/// `NSDictionary` or `NSArray` converts every value in it, this one included.
struct BridgingProbe: _ObjectiveCBridgeable, @unchecked Sendable {
    /// Shared by every copy of the probe; a lock, since a conversion may happen on any thread.
    private final class Count: @unchecked Sendable {
        let lock = NSLock()
        var value = 0
    }
    private let count = Count()

    var conversions: Int { count.lock.withLock { count.value } }

    func _bridgeToObjectiveC() -> NSNumber {
        count.lock.withLock { count.value += 1 }
        return NSNumber(value: 0)
    }

    static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout BridgingProbe?) { result = nil }
    static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout BridgingProbe?) -> Bool { false }
    static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> BridgingProbe { BridgingProbe() }
}
