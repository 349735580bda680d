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
        #expect(
            negotiatedLanguage(header: "en;q=0", available: ["en-GB"]) == nil,
            "the only range, en, has weight 0: it must not be tried at all, so it cannot choose en-GB either")
        #expect(
            negotiatedLanguage(header: "fr-CH;q=0", available: ["fr"]) == nil,
            "fr-CH has weight 0: a refused range is not tried again at its shorter form, fr")
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

    @Test("Weights are compared exactly, to the thousandth: no weight means q=1, and q=0.001 is still a yes")
    func exactWeights() {
        #expect(
            negotiatedLanguage(header: "de;q=0.999, en", available: ["de", "en"]) == "en",
            "en has no weight, so its weight is 1, above de's 0.999")
        #expect(
            negotiatedLanguage(header: "en;q=1, fr", available: ["fr", "en"]) == "en",
            "en;q=1 and fr (no weight) weigh the same, so the header's order decides")
        #expect(
            negotiatedLanguage(header: "en;q=0.12, de;q=0.125", available: ["en", "de"]) == "de",
            "0.125 is above 0.12: the third decimal counts, and a weight with three decimals is a valid one")
        #expect(
            negotiatedLanguage(header: "en;q=0.001", available: ["en"]) == "en",
            "q=0.001 is the lowest preference there is, but a preference: only q=0 refuses")
    }

    @Test("An entry whose weight breaks the grammar is ignored: it neither chooses nor refuses")
    func malformedWeights() {
        // Each bad weight would win over fr's 0.1 if it were read as a number.
        for bad in ["0.5=1", "0..5", "0.5.1", "1.0.0", "2.5", "1.001"] {
            #expect(
                negotiatedLanguage(header: "en;q=\(bad), fr;q=0.1", available: ["en", "fr"]) == "fr",
                "q=\(bad) is not a weight from 0 to 1 with at most three decimals, so the entry for en is ignored")
        }
        #expect(
            negotiatedLanguage(header: "en;q=0.5x, *;q=0.1", available: ["en"]) == "en",
            "q=0.5x is no number: the entry is ignored, which is not a refusal, so * still reaches en")
        #expect(
            negotiatedLanguage(header: "en;q=0.5;level=1, fr;q=0.8", available: ["en", "fr"]) == "fr",
            "only q= is a weight: level=1 must not replace en's 0.5")
        let answer = negotiatedLanguage(header: "en;q, fr;q=0.5", available: ["en", "fr"])
        #expect(
            answer == "en" || answer == "fr", "a `q` without `=` is no weight; the header still accepts fr at least")
    }

    @Test("An empty header, or an empty entry, says nothing: it neither chooses nor refuses")
    func emptyHeaderAndEntries() {
        #expect(
            negotiatedLanguage(header: "", available: ["de", "en"]) == "de",
            "an empty header lists no preference, like no header")
        #expect(
            negotiatedLanguage(header: "  ", available: ["de", "en"]) == "de",
            "a header of spaces lists no preference, like no header")
        #expect(
            negotiatedLanguage(header: " ;q=0, *", available: ["", "en"]) == "",
            "the entry before * names no range, so its q=0 refuses nothing, not even a language with an empty name")
    }

    @Test("AFNetworking's header names six languages at most: a server never sees the seventh")
    func sixAtMost() {
        let header = acceptLanguage(from: ["a", "b", "c", "d", "e", "f", "g"])
        #expect(negotiatedLanguage(header: header, available: ["g", "f"]) == "f", "for \(header)")
        #expect(negotiatedLanguage(header: header, available: ["g"]) == nil, "for \(header)")
    }
}
