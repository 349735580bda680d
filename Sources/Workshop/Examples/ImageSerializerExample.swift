import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import ResponseValidation

extension ImageExamples {
    static let serializer = Example(
        name: "image-serializer", chapter: 7, summary: "seven image responses through ImageResponseSerializer"
    ) { print in
        withFixtures(print) { fixture in
            // listing: example-image-serializer
            var serializer = ImageResponseSerializer()
            serializer.imageScale = 2
            let responses: [(status: Int, contentType: String, body: Data)] = [
                (200, "image/jpeg", try fixture("jpeg-rgb-baseline.jpg")),
                (200, "image/png", try fixture("png-gray8-1025x1024.png")),
                (404, "image/png", try fixture("png-rgba8.png")),
                (200, "image/jpeg", try fixture("jpeg-truncated.jpg")),
                (200, "image/png", try fixture("png-bomb-100000x100000.png")),
                (200, "text/html", Data("<h1>Moved</h1>".utf8)),
                (200, "image/png", Data()),
            ]
            // end-listing
            // listing: example-image-serializer-loop
            for (status, contentType, body) in responses {
                let url = URL(string: "https://images.example.com/\(status)")!
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": contentType])
                let result = serializer.responseObject(for: response, data: body)
                print(status, contentType, "\(body.count) bytes")
                if let image = result.object {
                    print(
                        "   image: \(image.pixelWidth)×\(image.pixelHeight) pixels, \(image.size.width)×\(image.size.height) points,",
                        image.isInflated ? "inflated" : "compressed")
                }
                for error in result.error?.chain ?? [] {
                    // The status's reason phrase is "Not Found" on Linux, "not found" on macOS.
                    let reason =
                        if case .unacceptableStatusCode(let code) = error.reason {
                            "Request failed: status \(code)"
                        } else {
                            error.reason.description
                        }
                    print("   error \((error as NSError).code):", reason)
                }
            }
            // end-listing
        }
    }
}
