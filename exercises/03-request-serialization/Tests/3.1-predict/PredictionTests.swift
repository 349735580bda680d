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

    @Test("Puzzle 1: a relative path")
    func puzzle1() throws {
        check(Predictions.puzzle1, try api.resolve("users"))
    }

    @Test("Puzzle 2: a path from the root")
    func puzzle2() throws {
        check(Predictions.puzzle2, try api.resolve("/users"))
    }

    @Test("Puzzle 3: a path that climbs")
    func puzzle3() throws {
        check(Predictions.puzzle3, try api.resolve("../v1/users"))
    }

    @Test("Puzzle 4: a query alone")
    func puzzle4() throws {
        check(Predictions.puzzle4, try api.resolve("?page=2"))
    }

    @Test("Puzzle 5: two slashes")
    func puzzle5() throws {
        check(Predictions.puzzle5, try api.resolve("//cdn.example.com/logo.png"))
    }

    @Test("Puzzle 6: a GET with a query and parameters")
    func puzzle6() throws {
        let serializer = HTTPRequestSerializer(languages: ["en"], userAgent: nil)
        let request = try serializer.request(method: "GET", urlString: api.resolve("search?q=swift").absoluteString,
                                             parameters: ["sort": "new first", "page": 2])
        check(Predictions.puzzle6, request.url)
    }
}
