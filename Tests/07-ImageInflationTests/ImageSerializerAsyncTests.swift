import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import ResponseValidation
import Testing

@Suite("ImageResponseSerializer off the caller's thread")
struct ImageSerializerAsyncTests {
    /// Every fixture as a 200 and as a 404, with the Content-Type its name suggests, inflated or not.
    static func cases() throws -> [(response: HTTPURLResponse, data: Data, serializer: ImageResponseSerializer)] {
        var cases: [(HTTPURLResponse, Data, ImageResponseSerializer)] = []
        for name in Fixture.allNames {
            let data = try Fixture.data(name)
            let contentType = name.hasSuffix(".png") ? "image/png" : name.hasSuffix(".jpg") ? "image/jpeg" : "image/gif"
            for status in [200, 404] {
                for inflates in [true, false] {
                    var serializer = ImageResponseSerializer()
                    serializer.automaticallyInflatesResponseImage = inflates
                    serializer.imageScale = 2
                    cases.append((imageResponse(status: status, contentType), data, serializer))
                }
            }
        }
        return cases
    }

    @Test(
        "responseImage gives responseObject's answer for every fixture, all of them decoding at once",
        .timeLimit(.minutes(1)))
    func sameAnswers() async throws {
        let cases = try Self.cases()
        #expect(cases.count >= 100)
        let answers = await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, (response, data, serializer)) in cases.enumerated() {
                group.addTask { (index, Outcome(await serializer.responseImage(for: response, data: data))) }
            }
            var answers: [Int: Outcome] = [:]
            for await (index, outcome) in group { answers[index] = outcome }
            return answers
        }
        for (index, (response, data, serializer)) in cases.enumerated() {
            #expect(answers[index] == Outcome(serializer.responseObject(for: response, data: data)), "case \(index)")
        }
    }

    @Test("Called from the main actor, it decodes: only Sendable values cross to the decoder")
    @MainActor
    func fromTheMainActor() async throws {
        let data = try Fixture.data("png-rgba8-interlaced.png")
        let result = await ImageResponseSerializer().responseImage(for: imageResponse("image/png"), data: data)
        #expect(result.error == nil)
        #expect(result.object?.bitmap == (try decodeBitmap(from: data)))
    }

    @Test("Refused responses never reach the decoder: the answers are the synchronous ones")
    func refusedResponses() async {
        let serializer = ImageResponseSerializer()
        let html = imageResponse(status: 500, "text/html")
        let page = Data("<h1>down</h1>".utf8)
        #expect(
            Outcome(await serializer.responseImage(for: html, data: page))
                == Outcome(serializer.responseObject(for: html, data: page)))
        #expect(
            Outcome(await serializer.responseImage(for: html, data: page)).reasons
                == [.unacceptableStatusCode(500), .unacceptableContentType("text/html")])
        #expect(
            Outcome(await serializer.responseImage(for: imageResponse("image/png"), data: nil)).reasons
                == [ImageError.emptyData.serializationReason])
    }
}
