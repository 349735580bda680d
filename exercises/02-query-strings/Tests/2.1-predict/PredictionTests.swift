import Chapter02Exercise1
import Foundation
import QueryStrings
import Testing

/// Each puzzle's parameters live here, not in the learner's file, so a prediction is always checked
/// against the puzzle as the README states it.
@Suite("2.1 Predict the query string")
struct PredictionTests {
    /// Compares without printing the right answer: a failing check should send the learner back to
    /// the rules, not hand over the string.
    func check(_ prediction: String, _ parameters: [String: Any]) {
        let predictionIsRight = prediction == queryString(from: parameters)
        #expect(predictionIsRight, "\(prediction.debugDescription) is not what queryString(from:) returns")
    }

    @Test("Puzzle 1: a space and an ampersand in a value")
    func puzzle1() {
        check(Predictions.puzzle1, ["q": "fish & chips"])
    }

    @Test("Puzzle 2: dictionaries inside an array, beside a key that starts with a capital")
    func puzzle2() {
        check(Predictions.puzzle2, ["sizes": [["w": 10, "h": 9], ["w": 2]], "Unit": "cm"])
    }

    @Test("Puzzle 3: a null, a boolean and an empty array")
    func puzzle3() {
        check(Predictions.puzzle3, ["b": true, "a": NSNull(), "c": [String]()])
    }

    @Test("Puzzle 4: a path and a question mark, an at sign and a hash")
    func puzzle4() {
        check(Predictions.puzzle4, ["next": "/inbox?page=2", "at": "@home #1"])
    }

    @Test("Puzzle 5: a flag and a set")
    func puzzle5() {
        check(Predictions.puzzle5, ["ids": Set([3, 1, 2]), "flag": "🇫🇷"])
    }
}
