/// An exercise's number as the course writes it: `2.1` is chapter 2, exercise 1.
package struct ExerciseID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var chapter: Int
    package var number: Int

    package init(chapter: Int, number: Int) {
        self.chapter = chapter
        self.number = number
    }

    /// Reads `2.1`; nil for anything else.
    package init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let chapter = Int(parts[0]), let number = Int(parts[1]),
            chapter > 0, number > 0
        else { return nil }
        self.init(chapter: chapter, number: number)
    }

    package var description: String { "\(chapter).\(number)" }

    /// The exercise's module in the exercises package, `Chapter02Exercise1`. The manifest
    /// (`exercises/Package.swift`) derives the same name from the folder `2.1-…`.
    package var moduleName: String {
        Self.modulePrefix(chapter: chapter) + "\(number)"
    }

    /// What every exercise module of a chapter starts with: `Chapter02Exercise`.
    static func modulePrefix(chapter: Int) -> String {
        "Chapter\(chapter < 10 ? "0" : "")\(chapter)Exercise"
    }

    /// The exercise's answer-test module, `Chapter02Exercise1Tests`.
    package var testModuleName: String { moduleName + "Tests" }

    package static func < (a: ExerciseID, b: ExerciseID) -> Bool {
        (a.chapter, a.number) < (b.chapter, b.number)
    }
}

/// What `workshop check` and `workshop hint` accept: a whole chapter (`2`) or one exercise (`2.1`).
package enum ExerciseSelection: Sendable, Equatable {
    case all
    case chapter(Int)
    case exercise(ExerciseID)
    /// Several exercises, e.g. a chapter's exercises less the one that does not compile.
    case exercises([ExerciseID])

    package init?(_ text: String?) {
        guard let text else {
            self = .all
            return
        }
        if let id = ExerciseID(text) {
            self = .exercise(id)
        } else if let chapter = Int(text), chapter > 0 {
            self = .chapter(chapter)
        } else {
            return nil
        }
    }

    package func contains(_ id: ExerciseID) -> Bool {
        switch self {
        case .all: true
        case .chapter(let chapter): id.chapter == chapter
        case .exercise(let exercise): id == exercise
        case .exercises(let ids): ids.contains(id)
        }
    }

    /// The value of `WORKSHOP_EXERCISES` that makes the exercises package hold just this selection
    /// (see `exercises/Package.swift`): empty for all, `2` for a chapter, `2.1,2.4` for exercises.
    package var manifestValue: String {
        switch self {
        case .all: ""
        case .chapter(let chapter): "\(chapter)"
        case .exercise(let id): id.description
        case .exercises(let ids): ids.map(\.description).joined(separator: ",")
        }
    }
}
