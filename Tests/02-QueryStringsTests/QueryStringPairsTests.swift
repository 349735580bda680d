import Foundation
import QueryStrings
import Testing

/// Pairs as `field = value` text, for comparisons whose failure message must not call the pairs'
/// own `description`: that is `urlEncodedStringValue`, written only in stage 3 of the rebuild.
func rendered(_ pairs: [QueryStringPair]) -> [String] {
    pairs.map { "\($0.field) = \($0.value ?? "(no value)")" }
}

@Suite("Flattening parameters into query-string pairs")
struct QueryStringPairsTests {
    @Test("A flat dictionary gives key=value pairs in sorted key order")
    func flat() {
        #expect(queryString(from: ["key": "value"]) == "key=value")
        #expect(queryString(from: ["b": "2", "a": "1", "C": "3"]) == "C=3&a=1&b=2")
    }

    @Test("A nested dictionary gives bracketed fields, sorted at every level")
    func nestedDictionaries() {
        let pairs = queryStringPairs(from: [
            "user": ["name": "Ada", "age": 36, "address": ["zip": "E1", "city": "London"]]
        ])
        #expect(
            pairs == [
                QueryStringPair(field: "user[address][city]", value: "London"),
                QueryStringPair(field: "user[address][zip]", value: "E1"),
                QueryStringPair(field: "user[age]", value: "36"),
                QueryStringPair(field: "user[name]", value: "Ada"),
            ])
        #expect(queryString(from: ["a": ["b": "c"]]) == "a%5Bb%5D=c")
    }

    @Test("An array keeps its order and repeats the field with []")
    func arrays() {
        let pairs = queryStringPairs(from: ["tags": ["zeta", "alpha", "mu"]])
        #expect(pairs.map(\.field) == ["tags[]", "tags[]", "tags[]"])
        #expect(pairs.map(\.value) == ["zeta", "alpha", "mu"])
    }

    @Test("An array of dictionaries is walked depth first")
    func arrayOfDictionaries() {
        let pairs = queryStringPairs(from: ["items": [["id": 2, "name": "b"], ["id": 1]]])
        #expect(rendered(pairs) == ["items[][id] = 2", "items[][name] = b", "items[][id] = 1"])
    }

    @Test("A set repeats its own field for each element, in sorted order")
    func sets() {
        let pairs = queryStringPairs(from: ["ids": Set(["c", "a", "b"])])
        #expect(rendered(pairs) == ["ids = a", "ids = b", "ids = c"])
    }

    @Test("Keys are sorted at every level, and a set's elements too, however many there are")
    func sortedAtEveryLevel() {
        // Hundreds of each, so that no hash order comes out sorted by chance: a dictionary or a
        // set of three has one chance in six of iterating in sorted order.
        let keys = (0..<300).map { "k\($0)" }
        let parameters: [String: Any] = [
            "outer": ["inner": Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) })], "set": Set(keys),
        ]
        let pairs = queryStringPairs(from: parameters)
        let nested = pairs.filter { $0.field.hasPrefix("outer[inner][") }.map {
            $0.field.dropFirst("outer[inner][".count).dropLast()
        }
        let elements = pairs.filter { $0.field == "set" }.compactMap(\.value)
        #expect(nested.count == 300 && elements.count == 300)
        let nestedDisorder = zip(nested, nested.dropFirst()).first { $0 > $1 }.map { "\($0) comes before \($1)" }
        #expect(nestedDisorder == nil, "the keys of a nested dictionary are not sorted")
        let setDisorder = zip(elements, elements.dropFirst()).first { $0 > $1 }.map { "\($0) comes before \($1)" }
        #expect(setDisorder == nil, "the elements of a set are not sorted")
    }

    @Test("NSNull and nil give the field alone")
    func nullAndNil() {
        let missing: String? = nil
        #expect(queryString(from: ["a": NSNull(), "b": missing as Any, "c": "x"]) == "a&b&c=x")
        let nested: String?? = .some(nil)
        #expect(queryString(from: ["d": nested as Any]) == "d")
        let present: Int? = 5
        #expect(queryString(from: ["e": present as Any]) == "e=5")
    }

    @Test("Empty dictionaries, arrays and sets give nothing")
    func emptyContainers() {
        let empty: [String: Any] = ["a": [String: Any](), "b": [Any](), "c": Set<String>(), "d": "1"]
        #expect(queryString(from: empty) == "d=1")
        #expect(queryString(from: [:]).isEmpty)
    }

    @Test("Booleans encode as 1 and 0, and whole doubles without a decimal point, as NSNumber does")
    func numbers() {
        #expect(queryString(from: ["t": true, "f": false]) == "f=0&t=1")
        #expect(queryString(from: ["i": 42, "d": 2.0, "h": 0.5, "n": -7]) == "d=2&h=0.5&i=42&n=-7")
    }

    @Test("Keys of any hashable type are sorted by their string form")
    func nonStringKeys() {
        let nested: [AnyHashable: Any] = [10: "ten", 9: "nine", "x": "ex"]
        #expect(queryString(from: ["k": nested]) == "k%5B10%5D=ten&k%5B9%5D=nine&k%5Bx%5D=ex")
    }

    @Test("Foundation collections are walked like Swift ones")
    func foundationCollections() {
        let dictionary = NSDictionary(dictionary: ["b": "2", "a": NSArray(array: ["x", "y"])])
        #expect(queryString(from: ["p": dictionary]) == "p%5Ba%5D%5B%5D=x&p%5Ba%5D%5B%5D=y&p%5Bb%5D=2")
    }

    @Test("Field and value are escaped, the bare field too")
    func pairEscaping() {
        #expect(QueryStringPair(field: "a b", value: "c&d").urlEncodedStringValue == "a%20b=c%26d")
        #expect(QueryStringPair(field: "e=f", value: nil).urlEncodedStringValue == "e%3Df")
    }
}
