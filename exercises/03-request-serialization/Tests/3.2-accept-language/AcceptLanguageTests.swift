import Chapter03Exercise2
import RequestSerialization
import Testing

@Suite("3.2 Choose the language a server answers in")
struct AcceptLanguageTests {
    @Test("AFNetworking's own header picks the first preferred language the server has")
    func afnetworkingHeader() {
        let header = acceptLanguage(from: ["fr-CH", "fr", "en"])  // fr-CH;q=1, fr;q=0.9, en;q=0.8
        #expect(negotiatedLanguage(header: header, available: ["en", "fr"]) == "fr", "for \(header)")
        #expect(negotiatedLanguage(header: header, available: ["en", "fr-CH", "fr"]) == "fr-CH", "for \(header)")
    }

    @Test("The client's weights decide, not the order of the server's languages")
    func clientDecides() {
        #expect(negotiatedLanguage(header: "fr;q=1, en;q=0.8", available: ["en", "fr"]) == "fr")
        #expect(negotiatedLanguage(header: "en;q=0.2, de;q=0.7", available: ["en", "de"]) == "de")
    }

    @Test("Equal weights keep the order of the header")
    func ties() {
        #expect(negotiatedLanguage(header: "en, de", available: ["de", "en"]) == "en")
        #expect(negotiatedLanguage(header: "it;q=0.5, de;q=0.5, en;q=0.500", available: ["en", "de", "it"]) == "it")
    }

    @Test("A weight of 0 means never, not even through *")
    func zeroMeansNever() {
        #expect(negotiatedLanguage(header: "de;q=0, *;q=0.1", available: ["de", "en"]) == "en")
        #expect(negotiatedLanguage(header: "fr, en;q=0", available: ["en"]) == nil, "en was refused with q=0")
    }

    @Test("A range matches a more specific language at a hyphen, in any case")
    func matching() {
        #expect(negotiatedLanguage(header: "EN", available: ["enm", "en-GB"]) == "en-GB", "`en` is not the beginning of `enm`")
        #expect(negotiatedLanguage(header: "en-gb", available: ["en-US", "en-GB"]) == "en-GB")
    }

    @Test("A range the server does not have falls back to its shorter form, before the next range")
    func fallsBack() {
        #expect(negotiatedLanguage(header: "fr-CH, en;q=0.5", available: ["en", "fr"]) == "fr")
        #expect(negotiatedLanguage(header: "zh-Hant-TW, en;q=0.5", available: ["en", "zh-Hant"]) == "zh-Hant")
    }

    @Test("No header means the server's default; an entry whose weight is not a number between 0 and 1 is ignored")
    func defaultsAndBadWeights() {
        #expect(negotiatedLanguage(header: nil, available: ["de", "en"]) == "de")
        #expect(negotiatedLanguage(header: "fr;q=high, it;q=1.5, de;q=0.9999, en;q=0.5", available: ["fr", "it", "de", "en"]) == "en")
    }

    @Test("AFNetworking's header names six languages at most: a server never sees the seventh")
    func sixAtMost() {
        let header = acceptLanguage(from: ["a", "b", "c", "d", "e", "f", "g"])
        #expect(negotiatedLanguage(header: header, available: ["g", "f"]) == "f", "for \(header)")
        #expect(negotiatedLanguage(header: header, available: ["g"]) == nil, "for \(header)")
    }
}
