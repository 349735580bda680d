import Chapter02Exercise2
import Foundation
import QueryStrings
import Testing

/// The parameters a server should read back, built from what AFNetworking was given.
private func expected(_ parameters: [String: Any]) -> [String: Parameter] {
    parameters.mapValues(parameter)
}

private func parameter(_ value: Any) -> Parameter {
    switch value {
    case let dictionary as [String: Any]: .object(dictionary.mapValues(parameter))
    case let array as [Any]: .list(array.map(parameter))
    case is NSNull: .null
    default: .text("\(value)")
    }
}

/// `{items: [{id: 1, name: pen}]}`: short enough for a failure message, sorted so it reads the same every time.
private func describe(_ parameters: [String: Parameter]) -> String {
    describe(.object(parameters))
}

private func describe(_ parameter: Parameter) -> String {
    switch parameter {
    case .text(let text): text.debugDescription
    case .null: "null"
    case .list(let list): "[" + list.map(describe).joined(separator: ", ") + "]"
    case .object(let object): "{" + object.keys.sorted().map { "\($0): \(describe(object[$0]!))" }.joined(separator: ", ") + "}"
    }
}

/// Records a failure that shows the query and both readings, cut to what `check` shows.
private func expectRead(_ read: [String: Parameter], _ wanted: [String: Parameter], query: String, because: String = "") {
    guard read != wanted else { return }
    let shortQuery = query.count > 300 ? query.prefix(300) + "…" : Substring(query)
    Issue.record("\(because)for the query \(shortQuery)\n  read back: \(describe(read).prefix(400))\n  expected:  \(describe(wanted).prefix(400))")
}

@Suite("2.2 Read the pairs back, as a server does")
struct PairsTests {
    @Test("Flat pairs become text, an empty value is empty text, and a bare field has no value")
    func flat() throws {
        #expect(try parameters(fromQuery: "a=1&b=&cursor") == ["a": .text("1"), "b": .text(""), "cursor": .null])
    }

    @Test("A name and its value are split apart before they are decoded")
    func splitThenDecode() throws {
        let query = queryString(from: ["q": "fish & chips", "eq": "1=1", "path": "/inbox?page=2"])
        expectRead(try parameters(fromQuery: query), ["q": .text("fish & chips"), "eq": .text("1=1"), "path": .text("/inbox?page=2")], query: query)
    }

    @Test("A + is a space, as in an HTML form, and an escaped + stays a +")
    func plus() throws {
        #expect(try parameters(fromQuery: "sum=1+1%3D2&plus=%2B&both=a%2B+b") == ["sum": .text("1 1=2"), "plus": .text("+"), "both": .text("a+ b")])
    }

    @Test("Brackets build objects and lists, at any depth")
    func nested() throws {
        let sent: [String: Any] = ["user": ["name": "Ada", "langs": ["en", "fr"], "address": ["city": "London"]], "page": 2]
        let query = queryString(from: sent)
        expectRead(try parameters(fromQuery: query), expected(sent), query: query)
    }

    @Test("A list of records comes back one record per element")
    func records() throws {
        let sent: [String: Any] = ["items": [["id": 1, "name": "pen"], ["id": 2, "name": "ink"], ["id": 3, "name": "nib"]]]
        let query = queryString(from: sent)
        expectRead(try parameters(fromQuery: query), expected(sent), query: query)
    }

    @Test("Records whose lists come first still come back one per element")
    func recordsWithLists() throws {
        // items[][a][]=x&items[][a][]=y&items[][id]=1&items[][a][]=z&items[][id]=2: a list always has room, a taken id does not.
        let sent: [String: Any] = ["items": [["a": ["x", "y"], "id": 1], ["a": ["z"], "id": 2]]]
        let query = queryString(from: sent)
        expectRead(try parameters(fromQuery: query),
                   ["items": .list([.object(["a": .list([.text("x"), .text("y"), .text("z")]), "id": .text("1")]), .object(["id": .text("2")])])],
                   query: query, because: "a list in a record always has room, so the second record's `a` joins the first's; only the taken `id` starts a new record: ")
    }

    @Test("Records that hold objects come back one per element: room is looked for at the end of the name, not at its first key")
    func recordsWithObjects() throws {
        // items[][at][x]=1&items[][at][y]=2&items[][at][x]=3&items[][at][y]=4: `at` is already an
        // object when `[y]` arrives, and that object has no `y` yet, so the record has room.
        let sent: [String: Any] = ["items": [["at": ["x": 1, "y": 2]], ["at": ["x": 3, "y": 4]]]]
        let query = queryString(from: sent)
        expectRead(try parameters(fromQuery: query), expected(sent), query: query,
                   because: "a place is taken only when a value already sits at the end of the name: ")
    }

    @Test("Two dictionaries in a list that share no key come back as one: the query cannot tell them apart")
    func ambiguous() throws {
        // items[][name]=x&items[][id]=2: the first record has no `id` yet, so `id` joins it. This is
        // why AFNetworking sorts the keys: records with the same keys come back whole.
        let query = queryString(from: ["items": [["name": "x"], ["id": 2]]])
        expectRead(try parameters(fromQuery: query), ["items": .list([.object(["name": .text("x"), "id": .text("2")])])], query: query)
    }

    @Test("Records whose same key holds values of different shapes come back one per element")
    func recordsOfDifferentShapes() throws {
        // items[][a]=1&items[][a][x]=2: the first record's `a` is text, so `[a][x]` has no room in
        // it and starts a second record; it does not give the first record's `a` a second shape.
        let sent: [String: Any] = ["items": [["a": "1"], ["a": ["x": "2"]]]]
        let query = queryString(from: sent)
        let because = "the first record's `a` is text, so `[a][x]` cannot go in it: that record has no room, and a new one starts: "
        do {
            expectRead(try parameters(fromQuery: query), expected(sent), query: query, because: because)
        } catch {
            Issue.record("\(because)for the query \(query)\n  threw \(error)")
        }
    }

    @Test("A name that opens with a bracket has nothing to open: it names no object with an empty name")
    func leadingBracket() throws {
        let read = try parameters(fromQuery: "%5Ba%5D=1&b=2")
        #expect(read.count == 2 && read[""] == nil && read["b"] == .text("2"),
                "for the query %5Ba%5D=1&b=2 (the names [a] and b) the parameters read were \(describe(read)): no pair was named \"\"")
    }

    @Test("A key with a [ inside its brackets comes back as the key that was sent")
    func bracketInsideKey() throws {
        // The library writes the key `b[c` of `a` as the name a[b[c], and a server that follows
        // Rack reads it back as that key: a bracket closes at the first `]` after it opens.
        let sent: [String: Any] = ["a": ["b[c": 2, "[": "x"], "d": ["e[": ["f": 1]]]
        let query = queryString(from: sent)
        do {
            expectRead(try parameters(fromQuery: query), expected(sent), query: query,
                       because: "a `[` between a name's brackets is part of the key they hold, not the start of a broken name: ")
        } catch {
            Issue.record("a `[` between a name's brackets is part of the key they hold: for the query \(query)\n  threw \(error)")
        }
    }

    @Test("Every query the library writes from random parameters is read back as those parameters")
    func roundTrip() throws {
        var generator = RandomParameters(seed: 22)
        for _ in 0..<300 {
            let sent = generator.parameters()
            let query = queryString(from: sent)
            let read = try parameters(fromQuery: query)
            expectRead(read, expected(sent), query: query)
            if read != expected(sent) { return }
        }
    }

    @Test("A name that gives one place two shapes, and a bad escape, are typed errors")
    func badInput() {
        #expect(throws: QueryParseError.conflictingShapes(name: "a[b]")) { try parameters(fromQuery: "a=1&a%5Bb%5D=2") }
        #expect(throws: QueryParseError.conflictingShapes(name: "a")) { try parameters(fromQuery: "a%5B%5D=1&a=2") }
        #expect(throws: QueryParseError.badEscape("caf%C3%28")) { try parameters(fromQuery: "q=caf%C3%28") }
        #expect(throws: QueryParseError.badEscape("%G1")) { try parameters(fromQuery: "ok=1&%G1=2") }
    }
}

/// Random parameters that a query can carry back: text with every kind of character, nulls,
/// nested dictionaries, lists of text, and lists of records that all have the same keys, some of
/// them holding an object or a list of their own.
struct RandomParameters {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    private mutating func text() -> String {
        let pieces = ["a", "Z", "0", " ", "&", "=", "+", "%", "?", "/", "#", "é", "中", "👍🏽", "🇫🇷"]
        return (0..<next(5)).map { _ in pieces[next(pieces.count)] }.joined()
    }

    private mutating func key() -> String {
        ["id", "name", "b", "Z", "é", "a b", "x&y"][next(7)]
    }

    mutating func parameters() -> [String: Any] {
        dictionary(depth: 0)
    }

    private mutating func dictionary(depth: Int) -> [String: Any] {
        var result: [String: Any] = [:]
        for _ in 0...next(3) { result[key()] = value(depth: depth + 1) }
        return result
    }

    private mutating func value(depth: Int) -> Any {
        switch depth > 2 ? next(2) : next(5) {
        case 0: return text()
        case 1: return next(3) == 0 ? NSNull() : text()
        case 2: return (0...next(3)).map { _ in text() }
        case 3: return dictionary(depth: depth)
        default:
            // Records: the same keys in each, and a value first in sorted order that is never a
            // list (text, or an object whose first key holds text), so that a taken place starts
            // every new record.
            let fields = [["at", "id"][next(2)]] + ["name", "tags"].filter { _ in next(2) == 0 }
            return (0...next(2)).map { _ in
                Dictionary(uniqueKeysWithValues: fields.map { field -> (String, Any) in
                    switch field {
                    case "tags": (field, (0...next(2)).map { _ in text() })
                    case "at": (field, ["x": text(), "y": text()])
                    default: (field, text())
                    }
                })
            }
        }
    }
}
