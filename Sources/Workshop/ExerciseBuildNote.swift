import Foundation

/// What `check` says before it builds: that a first build takes a while, and, when the checked
/// exercises need a package compiled for the first time that takes minutes, which one and how long.
package enum ExerciseBuildNote {
    /// Chapters whose exercises need a package no earlier chapter builds: a module of it, to tell
    /// whether it is built, and what it costs. Chapter 12's exercises need swift-certificates, and
    /// with it swift-crypto and its copy of BoringSSL; measured on a 2-core Linux machine (README,
    /// "How long the first build takes").
    static let heavyChapters: [Int: (module: String, what: String)] = [
        12: (
            "X509",
            "the first check of a chapter 12 exercise compiles swift-crypto, with BoringSSL (a C library of hundreds of files), and swift-certificates: about 3.5 minutes of processor time, 2 minutes on a quiet 2-core machine, more on a busy one"
        )
    ]

    package static func note(for selection: ExerciseSelection, in course: Course) -> String {
        let debug = course.exercisesFolder.appendingPathComponent(".build/debug")
        for (chapter, heavy) in heavyChapters.sorted(by: { $0.key < $1.key })
        where (1...9).contains(where: { selection.contains(ExerciseID(chapter: chapter, number: $0)) }) {
            let built = ["Modules/\(heavy.module).swiftmodule", "\(heavy.module).swiftmodule"].contains {
                FileManager.default.fileExists(atPath: debug.appendingPathComponent($0).path)
            }
            if !built { return "(\(heavy.what); later checks take seconds)" }
        }
        return "(the first build takes a minute or two; later ones a few seconds)"
    }
}
