import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization

/// Chapter 3's examples.
enum RequestSerializationExamples {
    static let all = [workedExample, queryClosure]

    static let workedExample = Example(
        name: "request-serializer", chapter: 3, summary: "a GET and a POST from one serializer and a base URL"
    ) { print in
        do {
            // listing: example-request-serializer
            // Fixed languages and user agent, so that the output is the same on every machine.
            var serializer = HTTPRequestSerializer(languages: ["en-GB", "fr"], userAgent: "Example/1.0 (Linux)")
            serializer.setAuthorizationHeader(username: "ada", password: "lovelace")
            serializer.timeoutInterval = 15
            let api = BaseURL(URL(string: "https://api.example.com/v1")!)

            let get = try serializer.request(
                method: "GET", urlString: api.resolve("users?sort=name").absoluteString,
                parameters: ["page": 2, "filter": ["role": "admin"]])
            print(get.httpMethod ?? "", get.url?.absoluteString ?? "", "body:", get.httpBody?.count ?? 0, "bytes")

            let post = try serializer.request(
                method: "POST", urlString: api.resolve("/login").absoluteString,
                parameters: ["user": "ada", "remember": true])
            print(post.httpMethod ?? "", post.url?.absoluteString ?? "", "timeout:", post.timeoutInterval)
            for (name, value) in (post.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
                print("   ", name + ":", value)
            }
            print("    body:", String(decoding: post.httpBody ?? Data(), as: UTF8.self))
            // end-listing
        } catch {
            print("error:", error)
        }
    }

    static let queryClosure = Example(
        name: "query-closure", chapter: 3, summary: "a custom query-string closure, and its error path"
    ) { print in
        // listing: example-query-closure
        struct MissingParameter: Error {
            var name: String
        }
        var serializer = HTTPRequestSerializer(languages: ["en"], userAgent: nil)
        // This API wants its key first, then `name:value` pairs joined by `;`; without a key, no request.
        serializer.queryStringSerialization = .custom { _, parameters in
            guard let all = parameters as? [String: Any], let key = all["key"] else {
                throw MissingParameter(name: "key")
            }
            let rest = all.filter { $0.key != "key" }.map { "\($0.key):\($0.value)" }.sorted()
            return (["key:\(key)"] + rest).joined(separator: ";")
        }
        for parameters: [String: Any] in [["b": 2, "key": "K3Y", "a": "x"], ["a": "x", "b": 2]] {
            do throws(RequestSerializationError) {
                let request = try serializer.request(
                    method: "GET", urlString: "https://example.com/search", parameters: parameters)
                print("request:", request.url?.absoluteString ?? "")
            } catch .queryStringSerializationFailed(let underlying) {
                print("no request:", underlying)
            } catch {
                print("no request:", error)
            }
        }
        // end-listing
    }
}
