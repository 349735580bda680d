import Chapter03Exercise3
import Foundation
import QueryStrings
import Testing

@Suite("3.3 Replace, don't repeat: a query for a URL that has one")
struct QueryPlacementTests {
    func merged(_ query: String, into urlString: String) -> String? {
        merging(query, into: URL(string: urlString)!)?.absoluteString
    }

    @Test("A parameter the URL already has is replaced, not repeated")
    func replaced() {
        #expect(merged("page=2", into: "https://api.example.com/items?page=1&sort=name") == "https://api.example.com/items?sort=name&page=2")
    }

    @Test("Chapter 2's query for nested parameters replaces the URL's pairs of the same names")
    func nestedNames() {
        let query = queryString(from: ["page": 2, "filter": ["role": "admin"]])
        #expect(merged(query, into: "https://api.example.com/users?page=1&filter%5Brole%5D=user&sort=name")
                == "https://api.example.com/users?sort=name&filter%5Brole%5D=admin&page=2", "for the query \(query)")
    }

    @Test("Names are compared as the server reads them: escapes in either case are one name")
    func decodedNames() {
        #expect(merged("filter%5Brole%5D=admin", into: "https://example.com/users?filter%5brole%5d=user&x=1")
                == "https://example.com/users?x=1&filter%5Brole%5D=admin")
    }

    @Test("Names that differ only in case are two names: only the hex digits of an escape ignore case")
    func caseMatters() {
        // `Page` and `page` are two parameters to Rack, PHP, Go and Express (ASP.NET ignores
        // case); only the hex digits of `%5b` and `%5B` name the same byte.
        let url = "https://example.com/p?Page=1&page=1&Filter%5Brole%5D=x"
        let result = merged("page=2&filter%5brole%5d=admin", into: url)
        let right = result == "https://example.com/p?Page=1&Filter%5Brole%5D=x&page=2&filter%5brole%5d=admin"
        #expect(right, "merging page=2&filter%5brole%5d=admin into \(url) gave \(result ?? "nil"): a pair was kept or dropped by a name it does not have")
    }

    @Test("The pairs keep their bytes: an escaped + stays escaped, on both sides")
    func keepsBytes() {
        #expect(merged("sum=1%2B1%3D2", into: "https://example.com/calc?q=a%2Bb") == "https://example.com/calc?q=a%2Bb&sum=1%2B1%3D2")
    }

    @Test("A repeated name is replaced whole, by every pair of the new query")
    func repeatedNames() {
        #expect(merged("tags%5B%5D=c&tags%5B%5D=d", into: "https://example.com/p?tags%5B%5D=a&page=1&tags%5B%5D=b")
                == "https://example.com/p?page=1&tags%5B%5D=c&tags%5B%5D=d")
    }

    @Test("Only that very name is replaced: page leaves pages and page_size alone")
    func exactName() {
        #expect(merged("page=2", into: "https://example.com/p?pages=3&page_size=10&page=1") == "https://example.com/p?pages=3&page_size=10&page=2")
    }

    @Test("The query stays before the fragment, and a URL without a query gets one")
    func fragment() {
        #expect(merged("page=2", into: "https://example.com/docs?page=1#install") == "https://example.com/docs?page=2#install")
        #expect(merged("page=2", into: "https://example.com/docs#install") == "https://example.com/docs?page=2#install")
    }
}
