import Testing
@testable import Workshop

@Suite("Reading Swift Testing's event stream")
struct EventStreamTests {
    static let passing = "Chapter02Exercise1Tests.S/a()/F.swift:1:1"
    static let failing = "Chapter02Exercise1Tests.S/b()/F.swift:2:1"
    static let crashed = "Chapter03Exercise2Tests.S/c()/F.swift:3:1"

    static func test(_ id: String, display: String) -> String {
        #"{"kind":"test","payload":{"id":"\#(id)","kind":"function","name":"x()","displayName":"\#(display)"},"version":0}"#
    }

    static func ended(_ id: String) -> String {
        #"{"kind":"event","payload":{"kind":"testEnded","testID":"\#(id)","messages":[]},"version":0}"#
    }

    static let issue = #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(failing)","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"Expectation failed: x"},{"symbol":"details","text":"a comment"}]},"version":0}"#

    @Test("Each test comes out with its exercise, its sentence name and its first problem")
    func results() {
        let stream = [
            Self.test(Self.passing, display: "It passes"), Self.test(Self.failing, display: "It fails"),
            #"{"kind":"test","payload":{"id":"Chapter02Exercise1Tests.S","kind":"suite","name":"S"},"version":0}"#,
            "not json at all", Self.issue, Self.ended(Self.passing), Self.ended(Self.failing),
        ].joined(separator: "\n")
        let results = EventStream.results(from: stream)
        #expect(results.map(\.name) == ["It passes", "It fails"])
        #expect(results.map(\.exercise.description) == ["2.1", "2.1"])
        #expect(results[0].passed)
        #expect(results[1].failure == "Expectation failed: x\na comment")
    }

    @Test("A test that never ended, in a run that ended others, counts as failed")
    func crash() {
        let stream = [Self.test(Self.passing, display: "Ran"), Self.test(Self.crashed, display: "Crashed"), Self.ended(Self.passing)]
        let results = EventStream.results(from: stream.joined(separator: "\n"))
        #expect(results.map(\.passed) == [true, false])
        #expect(results[1].exercise.description == "3.2")
    }

    @Test("Tests outside the exercises' modules are ignored")
    func foreignModules() {
        #expect(EventStream.exercise(ofTestID: "QueryStringsTests.S/t()") == nil)
        #expect(EventStream.exercise(ofTestID: "Chapter07Exercise12Tests.S/t()")?.description == "7.12")
    }
}
