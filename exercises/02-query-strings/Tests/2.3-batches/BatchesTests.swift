import Chapter02Exercise3
import Dispatch
import Testing

/// `count` letters `a`, then `character`, then `b`s up to `total` UTF-16 units.
private func text(_ count: Int, then character: String, total: Int = 110) -> String {
    let head = String(repeating: "a", count: count) + character
    return head + String(repeating: "b", count: max(0, total - head.utf16.count))
}

private let family = "👨‍👩‍👧‍👦"  // four people joined by three ZWJs: 11 UTF-16 units, one Character

/// What a call on another thread left behind: written before `done` is signalled, read after.
private final class Outcome: @unchecked Sendable {
    var pieces: [String]?
}

/// `batches(of:maxUnits:)` called on a thread of its own, so that an answer that never returns
/// fails with a message instead of hanging the whole check: nil if it has not returned after 10 s,
/// which an answer that ends does not need for a few characters, however busy the machine.
private func batchesUnlessStuck(of string: String, maxUnits: Int) -> [String]? {
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        outcome.pieces = batches(of: string, maxUnits: maxUnits)
        done.signal()
    }
    return done.wait(timeout: .now() + 10) == .success ? outcome.pieces : nil
}

@Suite("2.3 Cut a message to a limit")
struct BatchesTests {
    @Test("The pieces put back together give the original string, and none is empty")
    func roundTrip() {
        let string = text(49, then: "👍🏽") + family + "n\u{0303}"
        let pieces = batches(of: string, maxUnits: 50)
        #expect(pieces.joined() == string)
        #expect(!pieces.isEmpty && !pieces.contains(""), "pieces: \(pieces.map(\.utf16.count))")
    }

    @Test("A flag that would cross the limit starts the next piece")
    func flag() {
        // Units 48–51 hold the flag: 48 + 4 is over 50, so the first piece stops at 48.
        let pieces = batches(of: text(48, then: "🇫🇷"), maxUnits: 50)
        #expect(pieces.map(\.utf16.count) == [48, 50, 12])
        #expect(pieces.dropFirst().first?.hasPrefix("🇫🇷") == true)
    }

    @Test("Pieces are as long as the limit allows, counted in UTF-16 units")
    func asLongAsAllowed() {
        #expect(batches(of: String(repeating: "x", count: 120), maxUnits: 50).map(\.utf16.count) == [50, 50, 20])
        // é is one unit and two UTF-8 bytes; 😀 is two units and one Character.
        #expect(batches(of: String(repeating: "é", count: 12), maxUnits: 5).map(\.count) == [5, 5, 2])
        #expect(batches(of: String(repeating: "😀", count: 12), maxUnits: 5).map(\.count) == [2, 2, 2, 2, 2, 2])
    }

    @Test("A character longer than the limit is a piece of its own, whole")
    func longCharacter() {
        #expect(batches(of: "ab" + family + "cd", maxUnits: 8) == ["ab", family, "cd"])
        #expect(batches(of: family + family, maxUnits: 3) == [family, family])
    }

    @Test("A limit of one unit is a limit like any other: one unit per piece, and a longer character alone")
    func oneUnit() {
        let pieces = batches(of: "ab😀c", maxUnits: 1)
        #expect(pieces == ["a", "b", "😀", "c"], "with a limit of 1 the pieces were \(pieces.map(\.debugDescription)): a one-unit limit still lets each one-unit character through")
    }

    @Test("A limit of 0 units is a limit too: no character fits it, so each one is a piece by itself (no trap, no endless loop)")
    func zeroUnits() {
        guard let pieces = batchesUnlessStuck(of: "ab😀" + family, maxUnits: 0) else {
            Issue.record("with a limit of 0 the call had not returned after 10 s: a piece that nothing fits must still take one character, as it takes a character longer than the limit, or the cutting never moves on")
            return
        }
        #expect(pieces == ["a", "b", "😀", family], "with a limit of 0 the pieces were \(pieces.map(\.debugDescription)): every character is longer than the limit on its own, and such a character is a piece by itself, whole")
    }

    @Test("On random text, every piece is whole characters, within the limit, and could not take the next character")
    func randomText() {
        let characters = ["a", "Z", " ", "é", "中", "😀", "👍🏽", "🇯🇵", family, "n\u{0303}", "e\u{0301}\u{0302}"]
        var state: UInt64 = 23
        for round in 0..<300 {
            var string = ""
            for _ in 0..<60 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                string += characters[Int((state >> 33) % UInt64(characters.count))]
            }
            let limit = 3 + round % 20
            let pieces = batches(of: string, maxUnits: limit)
            let problem = Self.problem(in: pieces, of: string, limit: limit)
            #expect(problem == nil, "with a limit of \(limit) units, for \(string.debugDescription)")
            if problem != nil { return }
        }
    }

    /// What is wrong with `pieces`, or nil.
    static func problem(in pieces: [String], of string: String, limit: Int) -> String? {
        guard pieces.joined() == string else { return "the pieces do not give the string back" }
        guard Array(string) == pieces.flatMap(Array.init) else { return "a piece ends inside a character" }
        for (index, piece) in pieces.enumerated() {
            if piece.isEmpty { return "piece \(index) is empty" }
            if piece.utf16.count > limit && piece.count > 1 { return "piece \(index) holds \(piece.utf16.count) units" }
            if index + 1 < pieces.count, let next = pieces[index + 1].first, piece.utf16.count + next.utf16.count <= limit {
                return "piece \(index) (\(piece.utf16.count) units) could have taken the next character"
            }
        }
        return nil
    }
}
