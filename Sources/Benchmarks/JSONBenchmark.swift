import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing

/// Chapter 6: a 1 MB UTF-8 JSON body through the serializer's fast path, through AFNetworking 2's
/// string round trip, and through `JSONSerialization` alone, the floor for both.
enum JSONBenchmark {
    static func run() {
        compare(title: "1 MB of records (7,629 users of 7 short fields)", document: records())
        compare(title: "1 MB of text (47 articles of French and Japanese prose)", document: articles())
    }

    private static func compare(title: String, document: Data) {
        let url = URL(string: "https://api.example.com/feed")!
        let response = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json; charset=utf-8"])
        let serializer = JSONResponseSerializer()
        let variants: [() -> Int] = [
            { count(try? JSONSerialization.jsonObject(with: document)) },
            { count(serializer.responseObject(for: response, data: document).object) },
            { count(try? jsonObjectViaStringRoundTrip(from: document)) },
            // The same round trip with Swift's String, which stores UTF-8: two validating copies
            // instead of two transcodings.
            {
                count(
                    try? JSONSerialization.jsonObject(with: Data((String(data: document, encoding: .utf8) ?? "").utf8)))
            },
        ]
        // One call takes milliseconds, and other processes share the machine: interleave them.
        let median = Measure.interleaved(iterations: 2, variants)
        Row.printTable(
            title: "\(title): \(document.count) bytes",
            baseline: Row(name: "JSONSerialization alone", nanoseconds: median[0]),
            rows: [
                Row(name: "fast path (JSONResponseSerializer)", nanoseconds: median[1], target: .atMost(1.10)),
                Row(name: "AFNetworking 2 (NSString trip)", nanoseconds: median[2]),
                Row(name: "Swift String round trip", nanoseconds: median[3]),
            ]
        )
        let speedUp = median[2] / median[1]
        print(
            String(
                format:
                    "  the fast path is %.2f× as fast as AFNetworking 2's round trip (target ≥ 1.8×: %@), %.2f× as fast as Swift String's\n",
                speedUp, Target.atLeast(1.8).check("fast path speed-up over AFNetworking 2, \(title)", speedUp),
                median[3] / median[1]))
    }

    /// Something the optimizer cannot throw away.
    private static func count(_ object: Any?) -> Int {
        (object as? [Any])?.count ?? (object as? [String: Any])?.count ?? 0
    }

    /// An API's list of users: many small objects, the shape of most JSON responses.
    private static func records() -> Data {
        var users: [String] = []
        var size = 2
        while size < 1_000_000 {
            let id = users.count
            let user =
                #"{"id":\#(id),"name":"Zoë Müller \#(id)","email":"user\#(id)@example.com","active":\#(id % 2 == 0),"score":\#(Double(id) * 1.5),"tags":["a","b","c"],"bio":null}"#
            users.append(user)
            size += user.utf8.count + 1
        }
        return Data(("[" + users.joined(separator: ",") + "]").utf8)
    }

    /// A content API's articles: few objects, long strings, a third of the characters outside ASCII.
    private static func articles() -> Data {
        let paragraph = "Le café de la gare ouvre à 7 h ; 東京の天気は晴れ、気温は二十度です。Prix : 12,50 €. "
        var articles: [String] = []
        var size = 2
        while size < 1_000_000 {
            let article =
                #"{"id":\#(articles.count),"title":"Article \#(articles.count)","body":"\#(String(repeating: paragraph, count: 200))"}"#
            articles.append(article)
            size += article.utf8.count + 1
        }
        return Data(("[" + articles.joined(separator: ",") + "]").utf8)
    }
}
