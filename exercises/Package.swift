// swift-tools-version: 6.2
// The learner's workspace: one module per exercise, one answer-test target per exercise.
//
//   swift test --package-path exercises --filter Chapter02           your code, chapter 2
//   WORKSHOP_SOLUTIONS=1 swift test --package-path exercises         the reference solutions
//
//   WORKSHOP_EXERCISES=2.1 swift test --package-path exercises       exercise 2.1 alone
//   WORKSHOP_VARIANT_ROOT=.workshop/known-bad …                       what `workshop verify` last
//                                                                     built from the known-bad patches
//
// (`swift run workshop check 2.1` runs the last one and explains the results.)
//
// Each answer-test target depends on its own exercise module and on the course library only, so an
// unfinished exercise can never make another exercise's tests fail. `WORKSHOP_EXERCISES` goes one
// step further: the package then holds only the exercises it names, so a half-edited exercise that
// does not compile cannot stop the build of another one either.
import PackageDescription

/// Unset: every exercise is built from the learner's code in `NN-slug/Sources`. `1`: from the
/// reference solutions in `NN-slug/Solutions`. The answer tests are the same either way.
let useSolutions = Context.environment["WORKSHOP_SOLUTIONS"] == "1"

/// For `workshop verify`: a folder inside this package (SwiftPM wants a target's files there) that
/// holds one variant of every selected exercise, as `<root>/NN-slug/N.k-name`. Verify builds its
/// known-bad attempts from `.workshop/known-bad`. Set and not empty, it wins over `WORKSHOP_SOLUTIONS`.
let variantRoot = Context.environment["WORKSHOP_VARIANT_ROOT"].flatMap { $0.isEmpty ? nil : $0 }

struct Exercise {
    /// The chapter's folder, e.g. `02-query-strings`.
    var chapter: String
    /// The exercise's folder inside `Sources`, `Solutions` and `Tests`, e.g. `2.1-predict`.
    var folder: String
    /// The course modules the exercise and its tests may import.
    var uses: [String]

    /// `2.1-predict` → `Chapter02Exercise1`: a valid module name that still reads as "2.1".
    var module: String {
        let id = folder.prefix { $0 != "-" }.split(separator: ".")
        let chapterNumber = id[0].count == 1 ? "0" + id[0] : String(id[0])
        return "Chapter\(chapterNumber)Exercise\(id[1])"
    }
}

let exercises: [Exercise] = [
    Exercise(chapter: "02-query-strings", folder: "2.1-predict", uses: ["QueryStrings"]),
    Exercise(chapter: "02-query-strings", folder: "2.2-pairs", uses: ["QueryStrings"]),
    Exercise(chapter: "02-query-strings", folder: "2.3-batches", uses: ["QueryStrings"]),
    Exercise(chapter: "02-query-strings", folder: "2.4-escaper", uses: ["QueryStrings"]),
    Exercise(chapter: "03-request-serialization", folder: "3.1-predict", uses: ["RequestSerialization"]),
    Exercise(chapter: "03-request-serialization", folder: "3.2-accept-language", uses: ["RequestSerialization"]),
    Exercise(chapter: "03-request-serialization", folder: "3.3-query-placement", uses: ["QueryStrings"]),
    Exercise(chapter: "03-request-serialization", folder: "3.4-repeated-keys", uses: ["QueryStrings", "RequestSerialization"]),
    Exercise(chapter: "04-request-bodies", folder: "4.1-predict", uses: ["RequestBodies", "RequestSerialization"]),
    Exercise(chapter: "04-request-bodies", folder: "4.2-reader", uses: []),
    Exercise(chapter: "04-request-bodies", folder: "4.3-multipart-parser", uses: ["RequestBodies", "RequestSerialization"]),
    Exercise(chapter: "04-request-bodies", folder: "4.4-encodable", uses: ["RequestBodies", "RequestSerialization"]),
    Exercise(chapter: "05-response-validation", folder: "5.1-predict", uses: ["ResponseValidation"]),
    Exercise(chapter: "05-response-validation", folder: "5.2-validate", uses: ["ResponseValidation"]),
    Exercise(chapter: "05-response-validation", folder: "5.3-chain", uses: ["ResponseValidation"]),
    Exercise(chapter: "06-response-parsing", folder: "6.1-nulls", uses: ["ResponseParsing"]),
    Exercise(chapter: "06-response-parsing", folder: "6.2-utf8", uses: ["ResponseParsing", "ResponseValidation"]),
    Exercise(chapter: "06-response-parsing", folder: "6.3-ndjson", uses: ["ResponseValidation"]),
    Exercise(chapter: "07-image-inflation", folder: "7.1-premultiply", uses: ["ImageInflation"]),
    Exercise(chapter: "07-image-inflation", folder: "7.2-predict", uses: ["ImageInflation"]),
    Exercise(chapter: "07-image-inflation", folder: "7.3-sniffer", uses: ["ImageInflation"]),
    Exercise(chapter: "07-image-inflation", folder: "7.4-orientation", uses: ["ImageInflation"]),
    Exercise(chapter: "07-image-inflation", folder: "7.5-main-actor", uses: ["ImageInflation", "ResponseValidation", "Locking"]),
    Exercise(chapter: "08-task-delegates", folder: "8.1-predict", uses: ["TaskDelegates", "HTTPBin", "Locking"]),
    Exercise(chapter: "08-task-delegates", folder: "8.2-progress", uses: ["HTTPBin", "Locking"]),
    Exercise(chapter: "08-task-delegates", folder: "8.3-completion", uses: ["ResponseValidation", "ResponseParsing", "Locking"]),
    Exercise(chapter: "08-task-delegates", folder: "8.4-download", uses: ["TaskDelegates", "Locking"]),
    Exercise(chapter: "09-session-manager", folder: "9.1-map", uses: ["Locking"]),
    Exercise(chapter: "09-session-manager", folder: "9.2-activity-count", uses: ["SessionManager", "TaskDelegates", "Locking", "HTTPBin"]),
    Exercise(chapter: "09-session-manager", folder: "9.3-predict-queues", uses: ["SessionManager", "TaskDelegates", "ResponseValidation", "Locking", "HTTPBin"]),
    Exercise(chapter: "10-http-session-manager", folder: "10.1-predict", uses: ["HTTPSessionManager"]),
    Exercise(chapter: "10-http-session-manager", folder: "10.2-fail-later", uses: ["Locking"]),
    Exercise(chapter: "10-http-session-manager", folder: "10.3-cancel", uses: ["HTTPSessionManager", "SessionManager", "HTTPBin", "Locking"]),
    Exercise(chapter: "11-image-downloader", folder: "11.1-predict", uses: ["ImageDownloader", "HTTPSessionManager", "HTTPBin"]),
    Exercise(chapter: "11-image-downloader", folder: "11.2-cache-key", uses: []),
    Exercise(chapter: "11-image-downloader", folder: "11.3-purge", uses: []),
    Exercise(chapter: "11-image-downloader", folder: "11.4-reused-cell", uses: ["ImageDownloader", "ImageInflation", "Locking", "HTTPSessionManager", "HTTPBin"]),
    // Chapter 12's exercises build the TLS stack's certificate half (swift-certificates and
    // swift-crypto), and only they do.
    Exercise(chapter: "12-trust", folder: "12.1-predict", uses: ["SecurityPolicy", "TestCertificates"]),
    Exercise(chapter: "12-trust", folder: "12.2-bypass", uses: ["TestCertificates"]),
    Exercise(chapter: "12-trust", folder: "12.3-rotation", uses: ["SecurityPolicy", "TestCertificates"]),
    Exercise(chapter: "13-reachability", folder: "13.1-predict", uses: ["Reachability"]),
    Exercise(chapter: "13-reachability", folder: "13.2-minimum-time", uses: ["NetworkActivity", "SessionManager", "TaskDelegates", "Locking"]),
    Exercise(chapter: "13-reachability", folder: "13.3-retry", uses: ["Reachability"]),
]

/// `WORKSHOP_EXERCISES`: unset or empty, every exercise; otherwise a comma-separated list of
/// exercises (`2.1`) and whole chapters (`2`). Leaving the others out of the package leaves their
/// build products in `.build` untouched, so switching back and forth rebuilds nothing.
let selection = (Context.environment["WORKSHOP_EXERCISES"] ?? "")
    .split(separator: ",").map { $0.filter { !$0.isWhitespace } }.filter { !$0.isEmpty }

extension Exercise {
    /// `2.1` from the folder `2.1-predict`.
    var id: String { String(folder.prefix { $0 != "-" }) }

    func isSelected(by selection: [String]) -> Bool {
        selection.isEmpty || selection.contains { $0 == id || id.hasPrefix($0 + ".") }
    }
}

/// A path dependency's identity is the name of its folder, which is whatever the course was cloned
/// into; read it off this manifest's own location.
let course = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "course"

let package = Package(
    name: "Exercises",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: exercises.filter { $0.isSelected(by: selection) }.flatMap { exercise -> [Target] in
        let library = exercise.uses.map { Target.Dependency.product(name: $0, package: course) }
        return [
            .target(
                name: exercise.module,
                dependencies: library,
                path: variantRoot.map { "\($0)/\(exercise.chapter)/\(exercise.folder)" }
                    ?? "\(exercise.chapter)/\(useSolutions ? "Solutions" : "Sources")/\(exercise.folder)"
            ),
            .testTarget(
                name: exercise.module + "Tests",
                dependencies: [.target(name: exercise.module)] + library,
                path: "\(exercise.chapter)/Tests/\(exercise.folder)"
            ),
        ]
    }
)
