import Chapter10Exercise1
import Foundation
import HTTPSessionManager
import Testing

/// The puzzles' strings live here, not in the learner's file, so a prediction is always checked
/// against the puzzle as the README states it.
@Suite("10.1 Predict the resolution")
struct PredictionTests {
    let manager = HTTPSessionManager(baseURL: URL(string: "https://api.example.com/v2")!)

    /// Compares without printing the right answer: a failing check should send the learner back to
    /// the rules, not hand over the result.
    func check(_ prediction: String?, _ relative: String) throws {
        let resolved = try manager.resolvedURLString(relative)
        #expect(prediction == resolved, "\(prediction.map { "\"\($0)\"" } ?? "nil") is not where \"\(relative)\" resolves")
    }

    @Test("Puzzle 1: users") func puzzle1() throws { try check(Predictions.puzzle1, "users") }
    @Test("Puzzle 2: users/") func puzzle2() throws { try check(Predictions.puzzle2, "users/") }
    @Test("Puzzle 3: /users") func puzzle3() throws { try check(Predictions.puzzle3, "/users") }
    @Test("Puzzle 4: ../v1/users") func puzzle4() throws { try check(Predictions.puzzle4, "../v1/users") }
    @Test("Puzzle 5: ?page=2") func puzzle5() throws { try check(Predictions.puzzle5, "?page=2") }
    @Test("Puzzle 6: //cdn.example.com/logo.png") func puzzle6() throws { try check(Predictions.puzzle6, "//cdn.example.com/logo.png") }
    @Test("Puzzle 7: http://localhost:8080/health") func puzzle7() throws { try check(Predictions.puzzle7, "http://localhost:8080/health") }
    @Test("Puzzle 8: the empty string") func puzzle8() throws { try check(Predictions.puzzle8, "") }
}
