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
    /// Compares without printing the right answer: a failing check should send the learner back to
    /// the rules, not hand over the outcome.
    func check(
        _ prediction: (valid: Bool, codes: [Int])?, _ validator: HTTPResponseSerializer, status: Int, contentType: String?, body: String
    ) {
        let url = URL(string: "https://api.example.com/items")!
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: contentType.map { ["Content-Type": $0] } ?? [:])
        let validation = validator.validate(response, data: Data(body.utf8))
        let codes = validation.error?.chain.map { ($0 as NSError).code } ?? []
        let predictionIsRight = prediction?.valid == validation.isValid && prediction?.codes == codes
        #expect(predictionIsRight, "\(prediction.map { "\($0)" } ?? "nil") is not what validate(_:data:) says")
    }

    static func validator(types: Set<String>?, statuses: IndexSet? = IndexSet(integersIn: 200..<300)) -> HTTPResponseSerializer {
        var validator = HTTPResponseSerializer(acceptableContentTypes: types)
        validator.acceptableStatusCodes = statuses
        return validator
    }

    @Test("Puzzle 1: JSON only; a 401 with a body and no Content-Type")
    func puzzle1() {
        check(Predictions.puzzle1, Self.validator(types: ["application/json"]), status: 401, contentType: nil, body: "Unauthorized")
    }

    @Test("Puzzle 2: application/* acceptable; a 200 labelled application/json")
    func puzzle2() {
        check(Predictions.puzzle2, Self.validator(types: ["application/*"]), status: 200, contentType: "application/json", body: #"{"id":7}"#)
    }

    @Test("Puzzle 3: JSON only and no status codes named; a 500 with an HTML page")
    func puzzle3() {
        check(Predictions.puzzle3, Self.validator(types: ["application/json"], statuses: nil), status: 500, contentType: "text/html", body: "<h1>Oops</h1>")
    }

    @Test("Puzzle 4: no content types named; a 404 with an HTML page")
    func puzzle4() {
        check(Predictions.puzzle4, Self.validator(types: nil), status: 404, contentType: "text/html", body: "<h1>Not found</h1>")
    }

    @Test("Puzzle 5: JSON only, statuses 200 and 304; a 204 with nothing")
    func puzzle5() {
        check(Predictions.puzzle5, Self.validator(types: ["application/json"], statuses: IndexSet([200, 304])), status: 204, contentType: nil, body: "")
    }

    @Test("Puzzle 6: an empty set of content types; a 200 labelled application/json with no body")
    func puzzle6() {
        check(Predictions.puzzle6, Self.validator(types: []), status: 200, contentType: "application/json", body: "")
    }
}
