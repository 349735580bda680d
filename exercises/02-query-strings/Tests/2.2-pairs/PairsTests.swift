import Chapter02Exercise2
import Foundation
import QueryStrings
import Testing

/// `pair("a", "1")` reads better in the expectations below than the full initializer.
private func pair(_ field: String, _ value: String?) -> QueryStringPair {
    QueryStringPair(field: field, value: value)
}

@Suite("2.2 Flatten nested parameters into pairs")
struct PairsTests {
    @Test("A flat dictionary gives one pair per key, keys sorted")
    func flat() {
        #expect(pairs(from: ["b": "2", "a": "1"]) == [pair("a", "1"), pair("b", "2")])
    }

    @Test("A nested dictionary names its values parent[child], sorted at every level")
    func nested() {
        let result = pairs(from: ["user": ["name": "Ada", "address": ["zip": "E1", "city": "London"]]])
        #expect(result == [
            pair("user[address][city]", "London"),
            pair("user[address][zip]", "E1"),
            pair("user[name]", "Ada"),
        ])
    }

    @Test("Keys are sorted inside nested dictionaries too, however many there are")
    func manyNestedKeys() {
        // Ten keys at the second and third levels: a dictionary's own order (which changes from run
        // to run) is sorted by chance about once in 3.6 million runs, so an unsorted walk always fails.
        let keys = ["j", "c", "h", "a", "e", "i", "b", "g", "d", "f"]
        let inner = Dictionary(uniqueKeysWithValues: keys.map { ($0, $0.uppercased()) })
        let result = pairs(from: ["o": ["x": inner, "m": inner]])
        let fields = result.map(\.field)
        let expected = ["m", "x"].flatMap { middle in keys.sorted().map { "o[\(middle)][\($0)]" } }
        #expect(fields == expected, "the fields came out in this order")
    }

    @Test("The brackets style repeats tags[] and keeps the array's order")
    func brackets() {
        #expect(pairs(from: ["tags": ["zeta", "alpha"]]) == [pair("tags[]", "zeta"), pair("tags[]", "alpha")])
    }

    @Test("The indexed style numbers each element from zero")
    func indexed() {
        let result = pairs(from: ["tags": ["zeta", "alpha", "mu"]], arrayStyle: .indexed)
        #expect(result == [pair("tags[0]", "zeta"), pair("tags[1]", "alpha"), pair("tags[2]", "mu")])
    }

    @Test("The indexed style keeps an array of dictionaries unambiguous")
    func indexedDictionaries() {
        // With brackets this is items[][id]=1&items[][name]=x&items[][id]=2: does `name` belong to
        // the first item or the second? A server cannot tell. With indexes it can.
        let result = pairs(from: ["items": [["id": 1, "name": "x"], ["id": 2]]], arrayStyle: .indexed)
        #expect(result == [pair("items[0][id]", "1"), pair("items[0][name]", "x"), pair("items[1][id]", "2")])
    }

    @Test("NSNull gives the field alone, and empty containers give nothing")
    func nullAndEmpty() {
        let result = pairs(from: ["a": NSNull(), "b": [String: Any](), "c": [Any](), "d": 4])
        #expect(result == [pair("a", nil), pair("d", "4")])
    }

    @Test("The brackets style agrees with the course library on random nested parameters")
    func agreesWithTheLibrary() {
        var generator = NestedParameters(seed: 2_2)
        for _ in 0..<300 {
            let parameters = generator.parameters()
            let expected = queryStringPairs(from: parameters)
            let actual = pairs(from: parameters)
            #expect(actual == expected, "for \(parameters)")
            if actual != expected { return }
        }
    }
}

/// Random nested parameters made of strings, integers, nulls, arrays and dictionaries.
struct NestedParameters {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func parameters() -> [String: Any] {
        dictionary(depth: 0)
    }

    private mutating func dictionary(depth: Int) -> [String: Any] {
        var result: [String: Any] = [:]
        for _ in 0..<next(4) { result[["id", "name", "tags", "b", "Z", "é"][next(6)]] = value(depth: depth + 1) }
        return result
    }

    private mutating func value(depth: Int) -> Any {
        switch depth > 3 ? next(3) : next(5) {
        case 0: return ["x", "a b", "中", ""][next(4)]
        case 1: return next(1000)
        case 2: return NSNull()
        case 3: return (0..<next(4)).map { _ in value(depth: depth + 1) }
        default: return dictionary(depth: depth)
        }
    }
}
