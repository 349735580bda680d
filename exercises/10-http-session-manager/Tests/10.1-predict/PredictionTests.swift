import Chapter10Exercise1
import Foundation
import HTTPSessionManager
import Testing

/// The puzzles' strings live here, not in the learner's file, so a prediction is always checked
/// against the puzzle as the README states it.
@Suite("10.1 Where does it go?")
struct PredictionTests {
    static let given = "https://api.example.com/shop/v2?key=abc"
    static let puzzles = [
        1: "orders", 2: "orders/7?expand=items", 3: "?page=2", 4: "../v1/orders",
        5: "/shop/v3/orders", 6: "//cdn.example.com/logo.png", 7: "",
    ]
    let manager = HTTPSessionManager(baseURL: URL(string: Self.given)!)

    /// Compares without printing the right answer: a failing check sends the learner back to the
    /// rules, not to a result to copy.
    func check(_ prediction: String?, puzzle: Int) throws {
        let relative = try #require(Self.puzzles[puzzle])
        let isRight = try prediction == manager.resolvedURLString(relative)
        #expect(isRight, "\(prediction.map { "\"\($0)\"" } ?? "nil") is not where \"\(relative)\" goes against the manager's base URL")
    }

    @Test("The manager's base URL") func base() {
        let isRight = Predictions.base == manager.baseURL?.absoluteString
        #expect(isRight, "\(Predictions.base.map { "\"\($0)\"" } ?? "nil") is not what the initializer makes of \(Self.given)")
    }

    @Test("Puzzle 1: orders") func puzzle1() throws { try check(Predictions.puzzle1, puzzle: 1) }
    @Test("Puzzle 2: orders/7?expand=items") func puzzle2() throws { try check(Predictions.puzzle2, puzzle: 2) }
    @Test("Puzzle 3: ?page=2") func puzzle3() throws { try check(Predictions.puzzle3, puzzle: 3) }
    @Test("Puzzle 4: ../v1/orders") func puzzle4() throws { try check(Predictions.puzzle4, puzzle: 4) }
    @Test("Puzzle 5: /shop/v3/orders") func puzzle5() throws { try check(Predictions.puzzle5, puzzle: 5) }
    @Test("Puzzle 6: //cdn.example.com/logo.png") func puzzle6() throws { try check(Predictions.puzzle6, puzzle: 6) }
    @Test("Puzzle 7: the empty string") func puzzle7() throws { try check(Predictions.puzzle7, puzzle: 7) }

    /// One verdict for the whole set, never one per puzzle: a message that named each wrong member
    /// would let a learner find the set by trying, one puzzle at a time, without resolving anything.
    @Test("The puzzles the slash matters for: each resolved with and without it")
    func slashMatters() throws {
        let prediction = try #require(Predictions.slashMatters, "slashMatters is still nil")
        #expect(prediction.isSubset(of: Set(1...6)), "slashMatters names puzzles outside 1 to 6: \(prediction.sorted())")
        // Without the slash: the base exactly as given, resolved by Foundation as RFC 3986 says.
        let bare = try #require(URL(string: Self.given))
        var matters: Set<Int> = []
        for puzzle in 1...6 {
            let relative = try #require(Self.puzzles[puzzle])
            let withoutSlash = try #require(URL(string: relative, relativeTo: bare)).absoluteString
            if try manager.resolvedURLString(relative) != withoutSlash { matters.insert(puzzle) }
        }
        let isRight = prediction == matters
        #expect(
            isRight,
            """
            \(prediction.sorted()) is not the set: resolve each of puzzles 1 to 6 again against \(Self.given), as given, \
            and compare with your answer for the manager
            """)
    }
}
