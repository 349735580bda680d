import Chapter05Exercise2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Testing

@Suite("5.2 Write the validation for problem details")
struct ValidateTests {
    let json: Set<String> = ["application/json"]
    let body = Data(#"{"ok":false}"#.utf8)

    func response(_ status: Int, _ contentType: String?) -> HTTPURLResponse {
        let headers = contentType.map { ["Content-Type": $0] } ?? [:]
        return HTTPURLResponse(url: URL(string: "https://api.example.com/a")!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    @Test("Every 4xx and 5xx status fails with unacceptableStatusCode")
    func statuses() {
        for status in [400, 401, 404, 422, 500, 503, 599] {
            #expect(validate(response(status, "text/plain"), data: body).error?.reason == .unacceptableStatusCode(status), "status \(status)")
        }
    }

    @Test("A content type outside the acceptable set fails with unacceptableContentType")
    func contentType() {
        let result = validate(response(200, "text/html"), data: body, acceptableContentTypes: json)
        #expect(result.error?.reason == .unacceptableContentType("text/html"))
    }

    @Test("A wrong content type with an empty body fails without an error; with no MIME type it passes")
    func emptyBody() {
        let wrongType = validate(response(200, "text/html"), data: Data(), acceptableContentTypes: json)
        #expect(!wrongType.isValid, "an empty text/html body where JSON is acceptable passed")
        #expect(wrongType.error == nil, "an empty body should fail without an error: \(String(describing: wrongType.error?.reason))")
        let noType = validate(response(204, nil), data: Data(), acceptableContentTypes: json)
        #expect(noType.isValid, "an empty 204 with no Content-Type failed: \(String(describing: noType.error?.reason))")
    }

    @Test("No MIME type with a body fails the content-type check")
    func noMIMEType() {
        #expect(validate(response(200, nil), data: body, acceptableContentTypes: json).error?.reason == .unacceptableContentType(nil))
    }

    @Test("When both fail, the status error wraps the content-type error")
    func both() {
        let result = validate(response(500, "text/html"), data: body, acceptableContentTypes: json)
        #expect(result.error?.chain.map(\.reason) == [.unacceptableStatusCode(500), .unacceptableContentType("text/html")])
    }

    @Test("The status is checked even when a silent content-type failure came first")
    func silentThenStatus() {
        let result = validate(response(404, "text/html"), data: Data(), acceptableContentTypes: json)
        #expect(result.error?.chain.map(\.reason) == [.unacceptableStatusCode(404)])
    }

    @Test("No acceptable content types (nil, the default) accepts every type: only the status can fail")
    func anyContentType() {
        for type in ["text/html", "application/problem+json", nil] as [String?] {
            let success = validate(response(200, type), data: body)
            #expect(success.isValid, "a 200 labelled \(type ?? "nothing") failed with no acceptable types named: \(success.error.map { "\($0.chain.map(\.reason))" } ?? "no error")")
            let failure = validate(response(500, type), data: body)
            #expect(failure.error?.chain.map(\.reason) == [.unacceptableStatusCode(500)],
                    "a 500 labelled \(type ?? "nothing"), no acceptable types named: the chain is \(failure.error.map { "\($0.chain.map(\.reason))" } ?? "no error")")
        }
    }

    @Test("A response that is not HTTP has no status or headers to check, and passes where the same page over HTTP fails")
    func notHTTP() {
        let page = Data("<p>".utf8)
        let overHTTP = validate(response(200, "text/html"), data: page, acceptableContentTypes: json)
        #expect(overHTTP.error?.reason == .unacceptableContentType("text/html"), "an HTML page over HTTP, where JSON is acceptable, passed")
        let file = URLResponse(url: URL(fileURLWithPath: "/tmp/page.html"), mimeType: "text/html", expectedContentLength: 3, textEncodingName: nil)
        let result = validate(file, data: page, acceptableContentTypes: json)
        #expect(result.isValid && result.error == nil, "a file's response (not an HTTPURLResponse) failed: \(result.error.map { "\($0.reason)" } ?? "without an error")")
        #expect(validate(nil, data: nil, acceptableContentTypes: json).isValid, "no response at all failed")
    }

    @Test("A failing status explained in application/problem+json fails with the status error alone")
    func problemDetailsExplainAFailure() {
        for type in ["application/problem+json", "Application/Problem+JSON; charset=utf-8"] {
            let result = validate(response(422, type), data: body, acceptableContentTypes: json)
            #expect(result.error?.chain.map(\.reason) == [.unacceptableStatusCode(422)], "\(type)")
        }
        #expect(validate(response(404, "application/problem+json"), data: Data(), acceptableContentTypes: json).error?.chain.map(\.reason) == [.unacceptableStatusCode(404)])
    }

    @Test("application/problem+json on a status that passes is judged like any other content type")
    func problemDetailsOnSuccess() {
        let success = validate(response(200, "application/problem+json"), data: body, acceptableContentTypes: json)
        #expect(success.error?.chain.map(\.reason) == [.unacceptableContentType("application/problem+json")])
        let anyStatus = validate(response(500, "application/problem+json"), data: body, acceptableStatusCodes: nil, acceptableContentTypes: json)
        #expect(anyStatus.error?.chain.map(\.reason) == [.unacceptableContentType("application/problem+json")])
    }

    @Test("Your validation agrees with AFNetworking's, problem details aside, on a grid of responses")
    func agreesWithTheLibrary() {
        let problem = "application/problem+json"
        for (statuses, types) in [IndexSet(integersIn: 200..<300), IndexSet([200, 404]), nil].flatMap({ s in [json, nil].map { (s, $0) } }) as [(IndexSet?, Set<String>?)] {
            for status in [200, 204, 304, 404, 500] {
                for type in ["application/json", "Application/JSON; charset=utf-8", "text/html", problem, nil] as [String?] {
                    for data in [body, Data(), nil] as [Data?] {
                        // The variant is AFNetworking's rules with problem+json accepted, on a failing status only.
                        let statusFails = statuses.map { !$0.contains(status) } ?? false
                        var library = HTTPResponseSerializer(acceptableContentTypes: types.map { statusFails ? $0.union([problem]) : $0 })
                        library.acceptableStatusCodes = statuses
                        let expected = library.validate(response(status, type), data: data)
                        let actual = validate(response(status, type), data: data, acceptableStatusCodes: statuses, acceptableContentTypes: types)
                        let same = expected.isValid == actual.isValid
                            && expected.error?.chain.map(\.reason) == actual.error?.chain.map(\.reason)
                        #expect(same, "status \(status), type \(type ?? "none"), \(data?.count ?? -1) bytes, acceptable types \(types.map { "\($0.sorted())" } ?? "nil")")
                        if !same { return }
                    }
                }
            }
        }
    }
}
