import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import ResponseValidation

/// Chapter 6's examples.
enum ResponseParsingExamples {
    static let all = [bodyAndError, badInput]

    /// A response from a made-up API: the status, the Content-Type, and the body as text.
    static func response(_ status: Int, _ contentType: String) -> HTTPURLResponse? {
        HTTPURLResponse(
            url: URL(string: "https://api.example.com/signup")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": contentType])
    }

    /// Foundation objects as compact JSON text with sorted keys, so the output is the same everywhere.
    static func json(_ object: Any?) -> String {
        guard let object,
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        else { return "no object" }
        return String(decoding: data, as: UTF8.self)
    }

    static let bodyAndError = Example(
        name: "body-and-error", chapter: 6, summary: "a 422's JSON body and its error, together"
    ) { print in
        // listing: example-body-and-error
        var serializer = JSONResponseSerializer()
        serializer.removesKeysWithNullValues = true
        let body = Data(#"{"error":"email taken","field":"email","hint":null}"#.utf8)
        let result = serializer.responseObject(for: response(422, "application/json; charset=utf-8"), data: body)
        print("object:", json(result.object))
        print("error: ", result.error.map { ($0 as NSError).code } ?? 0)

        // {"n":"Zoë"} in ISO-8859-1
        let latin1 = Data([0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0x5A, 0x6F, 0xEB, 0x22, 0x7D])
        print(
            "latin-1:",
            json(
                serializer.responseObject(for: response(200, "application/json; charset=iso-8859-1"), data: latin1)
                    .object))
        print("as HTML:", json(serializer.responseObject(for: response(200, "text/html"), data: body).object))
        // end-listing
    }

    static let badInput = Example(
        name: "bad-input", chapter: 6, summary: "hostile bodies and the typed error each one gets"
    ) { print in
        // listing: example-bad-input
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let bodies: [(String, String, Data)] = [
            ("deep", "application/json", Data(deep.utf8)),
            ("not UTF-8", "application/json", Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])),
            ("Klingon", "application/json; charset=x-klingon", Data("[]".utf8)),
            ("50 MiB", "application/json", Data(count: 50 << 20)),
            ("entities", "application/xml", Data(#"<!DOCTYPE a [<!ENTITY e "lol">]><a>&e;</a>"#.utf8)),
        ]
        let json = JSONResponseSerializer()
        let xml = XMLParserResponseSerializer()
        for (name, type, body) in bodies {
            let error =
                type.hasSuffix("xml")
                ? xml.responseObject(for: response(200, type), data: body).error
                : json.responseObject(for: response(200, type), data: body).error
            print(
                name.padding(toLength: 10, withPad: " ", startingAt: 0),
                error.map { "\(($0 as NSError).code) \($0.reason)" } ?? "no error")
        }
        // end-listing
    }
}
