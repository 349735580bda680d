import Testing
import QueryStrings

@Test func placeholder() { #expect(percentEscaped("a") == "a") }
