import Foundation
import QueryStrings

/// Chapter 2's examples.
enum QueryStringExamples {
    static let all = [workedExample, batches]

    static let workedExample = Example(
        name: "query-string", chapter: 2, summary: "one set of parameters, its pairs and its query string"
    ) { print in
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

    static let batches = Example(
        name: "batches", chapter: 2, summary: "where the 50-unit batches of a long string are cut"
    ) { print in
        // listing: example-batches
        let text = String(repeating: "a", count: 48) + "🇫🇷" + String(repeating: "b", count: 47) + "👍🏽!"
        for batch in percentEscapingBatches(of: text) {
            print(batch.utf16.count, "UTF-16 units, ends with", batch.suffix(2).debugDescription)
        }
        // end-listing
    }
}
