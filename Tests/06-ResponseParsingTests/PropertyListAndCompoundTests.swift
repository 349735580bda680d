import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif
import ResponseParsing
import ResponseValidation
import Testing

@Suite("Property lists, and a compound of serializers")
struct PropertyListAndCompoundTests {
    let plist: [String: Any] = ["name": "Ada", "langs": ["en", "fr"], "age": 36]

    @Test(
        "XML and binary property lists parse", arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyLists(format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
        let result = PropertyListResponseSerializer().responseObject(for: response("application/x-plist"), data: data)
        #expect(canonicalJSON(result.object) == canonicalJSON(plist))
        #expect(result.error == nil)
    }

    @Test("A malformed property list gives malformedBody")
    func malformedPropertyList() {
        let result = PropertyListResponseSerializer().responseObject(
            for: response("application/x-plist"), data: Data("<plist><dict><key>a</key></plist>".utf8))
        if case .malformedBody(format: "property list", _) = result.error?.reason {
        } else {
            Issue.record("got \(String(describing: result.error))")
        }
    }

    let compound = CompoundResponseSerializer([XMLParserResponseSerializer(), JSONResponseSerializer()])

    @Test("A compound serializer returns the first object made, here JSON after XML stepped aside")
    func compoundPicksJSON() {
        let result = compound.responseObject(for: response("application/json"), data: Data(#"{"key":"value"}"#.utf8))
        #expect(canonicalJSON(result.object) == #"{"key":"value"}"#)
        #expect(result.error == nil)
    }

    @Test("A compound serializer returns a parser for XML")
    func compoundPicksXML() {
        let object = compound.responseObject(for: response("text/xml"), data: Data("<a/>".utf8)).object
        #expect(object.map { type(of: $0) == XMLParser.self } == true)
    }

    @Test("A compound serializer keeps the status error of the serializer that made the object")
    func compoundKeepsError() {
        let result = compound.responseObject(
            for: response(500, "application/json"), data: Data(#"{"error":"down"}"#.utf8))
        #expect(canonicalJSON(result.object) == #"{"error":"down"}"#)
        #expect(result.error?.reason == .unacceptableStatusCode(500))
    }

    @Test("When no serializer makes an object, the body comes back as it is, validated")
    func compoundFallsBack() {
        let html = Data("<html></html>".utf8)
        let result = compound.responseObject(for: response(404, "text/html"), data: html)
        #expect(result.object as? Data == html)
        #expect(result.error?.reason == .unacceptableStatusCode(404))
    }
}
