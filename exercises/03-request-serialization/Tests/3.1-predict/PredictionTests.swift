import Chapter03Exercise1
import Foundation
import RequestSerialization
import Testing

/// Each puzzle is computed here with the course library, as the README states it.
@Suite("3.1 Predict where a request goes")
struct PredictionTests {
    let api = BaseURL(URL(string: "https://api.example.com/v2")!)

    /// Compares without printing the right answer: a wrong prediction sends the learner back to the
    /// rules, not to a copy of the result.
    func check(_ prediction: String, _ actual: URL?) {
        let predictionIsRight = prediction == actual?.absoluteString
        #expect(predictionIsRight, "\(prediction.debugDescription) is not where this request goes")
    }

    @Test("Puzzle 1: a path with dot segments of its own")
    func puzzle1() throws {
        check(Predictions.puzzle1, try api.resolve("users/./me/../settings"))
    }

    @Test("Puzzle 2: two dots and a query")
    func puzzle2() throws {
        check(Predictions.puzzle2, try api.resolve("..?page=2"))
    }

    @Test("Puzzle 3: a fragment alone")
    func puzzle3() throws {
        check(Predictions.puzzle3, try api.resolve("#top"))
    }

    @Test("Puzzle 4: a first segment with a colon")
    func puzzle4() throws {
        check(Predictions.puzzle4, try api.resolve("v3:beta"))
    }

    @Test("Puzzle 5: the same segment after ./")
    func puzzle5() throws {
        check(Predictions.puzzle5, try api.resolve("./v3:beta"))
    }

    @Test("Puzzle 6: a GET with a query, a fragment and parameters")
    func puzzle6() throws {
        let serializer = HTTPRequestSerializer(languages: ["en"], userAgent: nil)
        let request = try serializer.request(method: "GET", urlString: api.resolve("search?q=swift#results").absoluteString,
                                             parameters: ["sort": "new first", "page": 2])
        check(Predictions.puzzle6, request.url)
    }
}
