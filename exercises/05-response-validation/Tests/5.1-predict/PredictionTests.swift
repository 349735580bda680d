import Chapter05Exercise1
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Testing

/// The puzzles' responses live here, not in the learner's file, so a prediction is always checked
/// against the puzzle as the README states it.
@Suite("5.1 Predict the validation")
struct PredictionTests {
    let validator = HTTPResponseSerializer(acceptableContentTypes: ["application/json"])

    /// Compares without printing the right answer: a failing check should send the learner back to
    /// the rules, not hand over the outcome.
    func check(_ prediction: (valid: Bool, codes: [Int])?, status: Int, contentType: String?, body: String) {
        let url = URL(string: "https://api.example.com/items")!
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: contentType.map { ["Content-Type": $0] } ?? [:])
        let validation = validator.validate(response, data: Data(body.utf8))
        let codes = validation.error?.chain.map { ($0 as NSError).code } ?? []
        let predictionIsRight = prediction?.valid == validation.isValid && prediction?.codes == codes
        #expect(predictionIsRight, "\(prediction.map { "\($0)" } ?? "nil") is not what validate(_:data:) says")
    }

    @Test("Puzzle 1: a 204 with no Content-Type and no body")
    func puzzle1() { check(Predictions.puzzle1, status: 204, contentType: nil, body: "") }

    @Test("Puzzle 2: a 404 with a JSON body")
    func puzzle2() { check(Predictions.puzzle2, status: 404, contentType: "application/json", body: #"{"error":"no such item"}"#) }

    @Test("Puzzle 3: a 200 labelled text/html with no body")
    func puzzle3() { check(Predictions.puzzle3, status: 200, contentType: "text/html", body: "") }

    @Test("Puzzle 4: a 503 with an HTML page")
    func puzzle4() { check(Predictions.puzzle4, status: 503, contentType: "text/html", body: "<h1>Down for maintenance</h1>") }

    @Test("Puzzle 5: a 200 labelled Application/JSON; charset=UTF-8")
    func puzzle5() { check(Predictions.puzzle5, status: 200, contentType: "Application/JSON; charset=UTF-8", body: "[]") }

    @Test("Puzzle 6: a 302 labelled text/plain with no body")
    func puzzle6() { check(Predictions.puzzle6, status: 302, contentType: "text/plain", body: "") }
}
