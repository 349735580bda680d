import Foundation
import QueryStrings

/// A small program a chapter shows together with its real output. Its code is a listing region,
/// its output an `<!-- output: name -->` block, and `swift run workshop example <name>` runs it.
public struct Example: Sendable {
    public var name: String
    public var chapter: Int
    public var summary: String
    /// The example's body. It prints through the `print` it is given, so that the same code can
    /// write to the terminal or be captured for the listings check.
    var body: @Sendable (_ print: (Any...) -> Void) -> Void

    /// Runs the example and returns everything it printed.
    public func output() -> String {
        var text = ""
        body { items in text += items.map { "\($0)" }.joined(separator: " ") + "\n" }
        return text
    }
}

public enum Examples {
    public static let all: [Example] = QueryStringExamples.all

    public static func named(_ name: String) -> Example? { all.first { $0.name == name } }
    static func output(of name: String) -> String? { named(name)?.output() }
}

/// Chapter 2's examples.
enum QueryStringExamples {
    static let all = [workedExample, batches]

    static let workedExample = Example(name: "query-string", chapter: 2, summary: "one set of parameters, its pairs and its query string") { print in
        // listing: example-query-string
        let parameters: [String: Any] = [
            "q": "café & crêpes",
            "filter": ["tags": ["vegan", "sans gluten"], "price": ["max": 12]],
            "page": 2,
            "debug": true,
            "cursor": NSNull(),
        ]
        for pair in queryStringPairs(from: parameters) {
            print(pair.field, "=", pair.value ?? "(no value)")
        }
        print(queryString(from: parameters))
        // end-listing
    }

    static let batches = Example(name: "batches", chapter: 2, summary: "where the 50-unit batches of a long string are cut") { print in
        // listing: example-batches
        let text = String(repeating: "a", count: 48) + "🇫🇷" + String(repeating: "b", count: 47) + "👍🏽!"
        for batch in percentEscapingBatches(of: text) {
            print(batch.utf16.count, "UTF-16 units, ends with", batch.suffix(2).debugDescription)
        }
        // end-listing
    }
}
