import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

/// Chapter 5's examples.
enum ResponseValidationExamples {
    static let all = [validation, errorChain]

    static let validation = Example(
        name: "validation", chapter: 5, summary: "five responses through a JSON-only validator"
    ) { print in
        // listing: example-validation
        let validator = HTTPResponseSerializer(acceptableContentTypes: ["application/json"])
        let url = URL(string: "https://api.example.com/signup")!
        let body = Data(#"{"error":"email taken"}"#.utf8)
        let cases: [(status: Int, type: String, body: Data)] = [
            (201, "application/json", body), (422, "application/json", body),
            (200, "text/html", body), (500, "text/html", body), (200, "text/html", Data()),
        ]
        for (status, type, data) in cases {
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": type])
            let validation = validator.validate(response, data: data)
            let codes = validation.error?.chain.map { ($0 as NSError).code } ?? []
            print(status, type, "\(data.count) bytes:", validation.isValid ? "valid" : "invalid, error codes \(codes)")
        }
        // end-listing
    }

    static let errorChain = Example(name: "error-chain", chapter: 5, summary: "the NSError form of a two-level error") {
        print in
        // listing: example-error-chain
        let validator = HTTPResponseSerializer(acceptableContentTypes: ["application/json"])
        let url = URL(string: "https://api.example.com/signup")!
        let response = HTTPURLResponse(
            url: url, statusCode: 500, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/html"])
        let error = validator.validate(response, data: Data("<h1>Oops</h1>".utf8)).error! as NSError
        print(error.domain, error.code)
        for key in error.userInfo.keys.sorted() { print("  ", key) }
        let underlying = error.userInfo[NSUnderlyingErrorKey] as! NSError
        print("underlying:", underlying.code, underlying.localizedDescription)
        print(
            "has -1016 in the chain:",
            errorOrUnderlyingError(error, hasCode: NSURLErrorCannotDecodeContentData, inDomain: error.domain))
        // end-listing
    }
}
