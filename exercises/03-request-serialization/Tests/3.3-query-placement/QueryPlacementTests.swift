import Chapter03Exercise3
import Foundation
import Testing

@Suite("3.3 Fix the query that lands in the wrong place")
struct QueryPlacementTests {
    func appended(_ query: String, to urlString: String) -> String? {
        appendingQuery(query, to: URL(string: urlString)!)?.absoluteString
    }

    @Test("The query goes before the fragment, where a server can see it")
    func beforeTheFragment() {
        #expect(appended("page=2", to: "https://example.com/docs#install") == "https://example.com/docs?page=2#install")
        #expect(appended("page=2", to: "https://example.com/docs?lang=en#install") == "https://example.com/docs?lang=en&page=2#install")
        #expect(appended("page=2", to: "https://example.com/docs") == "https://example.com/docs?page=2")
    }

    @Test("A URL that ends in ? gets the query directly")
    func endsInQuestionMark() {
        #expect(appended("page=2", to: "https://example.com/docs?") == "https://example.com/docs?page=2")
        #expect(appended("page=2", to: "https://example.com/docs?#top") == "https://example.com/docs?page=2#top")
    }

    @Test("A URL that ends in & gets no second &")
    func endsInAmpersand() {
        #expect(appended("page=2", to: "https://example.com/docs?lang=en&") == "https://example.com/docs?lang=en&page=2")
        #expect(appended("page=2", to: "https://example.com/docs?lang=en") == "https://example.com/docs?lang=en&page=2")
    }
}
