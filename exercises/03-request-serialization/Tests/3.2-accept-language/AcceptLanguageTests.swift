import Chapter03Exercise2
import RequestSerialization
import Testing

@Suite("3.2 Build the Accept-Language header")
struct AcceptLanguageTests {
    @Test("One language gets q=1, written without a decimal point")
    func oneLanguage() {
        #expect(acceptLanguageHeader(for: ["en-GB"]) == "en-GB;q=1")
    }

    @Test("Each next language gets 0.1 less, joined by a comma and a space")
    func severalLanguages() {
        #expect(acceptLanguageHeader(for: ["fr-CH", "fr", "en"]) == "fr-CH;q=1, fr;q=0.9, en;q=0.8")
    }

    @Test("The list stops after the language that gets 0.5")
    func stopsAtHalf() {
        let languages = ["a", "b", "c", "d", "e", "f", "g", "h"]
        #expect(acceptLanguageHeader(for: languages) == "a;q=1, b;q=0.9, c;q=0.8, d;q=0.7, e;q=0.6, f;q=0.5")
    }

    @Test("The header agrees with the course library for every length from 1 to 9")
    func agreesWithTheLibrary() {
        let all = ["en-US", "en", "de-AT", "de", "fr", "it", "ja", "zh-Hans", "pt-BR"]
        for length in 1...all.count {
            let languages = Array(all.prefix(length))
            #expect(acceptLanguageHeader(for: languages) == acceptLanguage(from: languages), "for \(length) languages")
        }
    }
}
