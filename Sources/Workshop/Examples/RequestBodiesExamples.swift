import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization

/// Chapter 4's examples.
enum RequestBodiesExamples {
    static let all = [jsonBody, multipartBody]

    static let jsonBody = Example(
        name: "json-body", chapter: 4, summary: "a JSON body, and parameters JSON cannot represent"
    ) { print in
        // listing: example-json-body
        let json = JSONRequestSerializer(
            http: HTTPRequestSerializer(languages: ["en"], userAgent: nil), writingOptions: [.sortedKeys])
        let parameterSets: [Any] = [
            ["name": "Ada", "languages": ["en", "fr"], "admin": true],
            ["name": "Ada", "born": Date(timeIntervalSince1970: -4_575_945_600)],
        ]
        for parameters in parameterSets {
            do {
                let request = try json.request(
                    method: "POST", urlString: "https://api.example.com/users", parameters: parameters)
                print(
                    request.value(forHTTPHeaderField: "Content-Type") ?? "",
                    String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            } catch {
                let nsError = error as NSError
                print(nsError.domain, nsError.code, nsError.localizedFailureReason ?? "")
            }
        }
        // end-listing
    }

    static let multipartBody = Example(
        name: "multipart-body", chapter: 4, summary: "the bytes of a small multipart body, CRLFs shown"
    ) { print in
        do {
            // listing: example-multipart-body
            // fixed, for the same output every time
            var form = try MultipartFormData(boundary: "Boundary+0123456789ABCDEF")
            form.appendPart(
                withFileData: Data("hello\n".utf8), name: "file", fileName: "hello.txt", mimeType: "text/plain")
            let serializer = HTTPRequestSerializer(languages: ["en"], userAgent: nil)
            let request = try serializer.multipartFormRequest(
                urlString: "https://example.com/upload", parameters: ["title": "Greetings"], form: form,
                framing: .contentLength)
            print("Content-Type:", request.value(forHTTPHeaderField: "Content-Type") ?? "")
            print("Content-Length:", request.value(forHTTPHeaderField: "Content-Length") ?? "")
            // Read the body as URLSession will, 16 bytes at a time, and show each CRLF as ␍␊.
            let stream = request.httpBodyStream ?? InputStream(data: Data())
            stream.open()
            var body = Data()
            var buffer = [UInt8](repeating: 0, count: 16)
            while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
                body.append(buffer, count: count)
            }
            stream.close()
            print(String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "␍␊\n"))
            print(body.count, "bytes read")
            // end-listing
        } catch {
            print("error:", error)
        }
    }
}
