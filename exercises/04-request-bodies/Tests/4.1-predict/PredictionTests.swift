import Chapter04Exercise1
import Foundation
import RequestBodies
import RequestSerialization
import Testing

/// Each puzzle's form is built here with the course library, as the README states it.
@Suite("4.1 Predict the bytes of a multipart body")
struct PredictionTests {
    static let boundary = "Boundary+00000000000000AB"

    func body(_ stream: InputStream?) throws -> String {
        let stream = try #require(stream)
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
            data.append(buffer, count: count)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Compares without printing the right answer, and shows the prediction's CRLFs.
    func check(_ prediction: String, _ actual: String) {
        let predictionIsRight = prediction == actual
        #expect(predictionIsRight, "\(prediction.debugDescription) is not the body")
    }

    @Test("Puzzle 1: an empty field, then a field that is a line break")
    func puzzle1() throws {
        var form = try MultipartFormData(boundary: Self.boundary)
        form.appendPart(withFormData: Data(), name: "empty")
        form.appendPart(withFormData: Data("\r\n".utf8), name: "crlf")
        check(Predictions.puzzle1, try body(form.makeBodyStream()))
    }

    @Test("Puzzle 2: parameters and a file")
    func puzzle2() throws {
        var form = try MultipartFormData(boundary: Self.boundary)
        form.appendPart(withFileData: Data("hi".utf8), name: "f", fileName: "x.txt", mimeType: "text/plain")
        let serializer = HTTPRequestSerializer(languages: ["en"], userAgent: nil)
        let request = try serializer.multipartFormRequest(urlString: "https://example.com", parameters: ["b": "2", "a": "1"], form: form)
        check(Predictions.puzzle2, try body(request.httpBodyStream))
    }

    @Test("Puzzle 3: the Content-Length of a 1,000-byte photo")
    func puzzle3() throws {
        var form = try MultipartFormData(boundary: Self.boundary)
        form.appendPart(withFileData: Data(count: 1_000), name: "upload", fileName: "photo.png", mimeType: mimeType(forPathExtension: "png"))
        let predictionIsRight = Predictions.puzzle3 == form.contentLength
        #expect(predictionIsRight, "\(Predictions.puzzle3) is not the body's length")
    }
}
