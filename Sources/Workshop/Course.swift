import Foundation

/// The course on disk: the chapters' prose, the exercises, and where each exercise's files are.
/// Everything is read from the folders, so adding a chapter needs no change here.
package struct Course: Sendable {
    package let root: URL

    package init(root: URL) {
        self.root = root
    }

    /// The course whose folder holds `directory`: the nearest folder upwards with both a
    /// `Package.swift` and an `exercises/Package.swift`.
    package static func locate(from directory: URL) throws -> Course {
        var candidate = directory.standardizedFileURL
        while true {
            let manifest = candidate.appendingPathComponent("Package.swift").path
            let exercises = candidate.appendingPathComponent("exercises/Package.swift").path
            if FileManager.default.fileExists(atPath: manifest), FileManager.default.fileExists(atPath: exercises) {
                return Course(root: candidate)
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path {
                throw WorkshopError(
                    "this is not inside the course: run `swift run workshop` from the folder that holds Package.swift and exercises/"
                )
            }
            candidate = parent
        }
    }

    package var chaptersFolder: URL { root.appendingPathComponent("chapters") }
    package var exercisesFolder: URL { root.appendingPathComponent("exercises") }
    package var sourcesFolder: URL { root.appendingPathComponent("Sources") }

    /// Every chapter, in order, with its exercises (if it has any).
    package func chapters() throws -> [Chapter] {
        let files = try contents(of: chaptersFolder).filter { $0.pathExtension == "md" }
        return try files.compactMap { file -> Chapter? in
            let name = file.deletingPathExtension().lastPathComponent
            guard let number = Int(name.prefix(2)) else { return nil }
            let text = try String(contentsOf: file, encoding: .utf8)
            let title = text.split(separator: "\n").first { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) } ?? name
            let exercisesFolder = exercisesFolder.appendingPathComponent(name)
            let readme = exercisesFolder.appendingPathComponent("README.md")
            let exercises =
                FileManager.default.fileExists(atPath: readme.path)
                ? try ExerciseGuide.parse(
                    readme: String(contentsOf: readme, encoding: .utf8), chapterFolder: exercisesFolder)
                : []
            return Chapter(number: number, slug: name, title: title, file: file, exercises: exercises)
        }
        .sorted { $0.number < $1.number }
    }

    /// Every exercise of every chapter, in course order.
    package func exercises() throws -> [ExerciseGuide] {
        try chapters().flatMap(\.exercises)
    }

    /// The exercise `id`, or an error that says which exercises exist.
    package func exercise(_ id: ExerciseID) throws -> ExerciseGuide {
        let all = try exercises()
        guard let exercise = all.first(where: { $0.id == id }) else {
            throw WorkshopError(
                "there is no exercise \(id); the exercises are \(all.map(\.id.description).joined(separator: ", "))")
        }
        return exercise
    }

    /// A path relative to the course root, for messages.
    package func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path + "/"
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }
}

/// One chapter: its prose and its exercises.
package struct Chapter: Sendable {
    package var number: Int
    /// `02-query-strings`: the name of the chapter's file and of its exercises folder.
    package var slug: String
    package var title: String
    package var file: URL
    package var exercises: [ExerciseGuide]
}

/// The files of `folder`, sorted by name; none when it does not exist.
package func contents(of folder: URL) throws -> [URL] {
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
}

/// A problem the workshop reports in plain words and exits with.
package struct WorkshopError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
