import Foundation

/// The course on disk: the chapters' prose, the exercises, and where each exercise's files are.
/// Everything is read from the folders, so adding a chapter needs no change here.
public struct Course: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The course whose folder holds `directory`: the nearest folder upwards with both a
    /// `Package.swift` and an `exercises/Package.swift`.
    public static func locate(from directory: URL) throws -> Course {
        var candidate = directory.standardizedFileURL
        while true {
            let manifest = candidate.appendingPathComponent("Package.swift").path
            let exercises = candidate.appendingPathComponent("exercises/Package.swift").path
            if FileManager.default.fileExists(atPath: manifest), FileManager.default.fileExists(atPath: exercises) {
                return Course(root: candidate)
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path {
                throw WorkshopError("this is not inside the course: run `swift run workshop` from the folder that holds Package.swift and exercises/")
            }
            candidate = parent
        }
    }

    public var chaptersFolder: URL { root.appendingPathComponent("chapters") }
    public var exercisesFolder: URL { root.appendingPathComponent("exercises") }
    public var sourcesFolder: URL { root.appendingPathComponent("Sources") }

    /// Every chapter, in order, with its exercises (if it has any).
    public func chapters() throws -> [Chapter] {
        let files = try contents(of: chaptersFolder).filter { $0.pathExtension == "md" }
        return try files.compactMap { file -> Chapter? in
            let name = file.deletingPathExtension().lastPathComponent
            guard let number = Int(name.prefix(2)) else { return nil }
            let text = try String(contentsOf: file, encoding: .utf8)
            let title = text.split(separator: "\n").first { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) } ?? name
            let exercisesFolder = exercisesFolder.appendingPathComponent(name)
            let readme = exercisesFolder.appendingPathComponent("README.md")
            let exercises = FileManager.default.fileExists(atPath: readme.path)
                ? try ExerciseGuide.parse(readme: String(contentsOf: readme, encoding: .utf8), chapterFolder: exercisesFolder)
                : []
            return Chapter(number: number, slug: name, title: title, file: file, exercises: exercises)
        }
        .sorted { $0.number < $1.number }
    }

    /// Every exercise of every chapter, in course order.
    public func exercises() throws -> [ExerciseGuide] {
        try chapters().flatMap(\.exercises)
    }

    /// The exercise `id`, or an error that says which exercises exist.
    public func exercise(_ id: ExerciseID) throws -> ExerciseGuide {
        let all = try exercises()
        guard let exercise = all.first(where: { $0.id == id }) else {
            throw WorkshopError("there is no exercise \(id); the exercises are \(all.map(\.id.description).joined(separator: ", "))")
        }
        return exercise
    }

    /// A path relative to the course root, for messages.
    public func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path + "/"
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }
}

/// One chapter: its prose and its exercises.
public struct Chapter: Sendable {
    public var number: Int
    /// `02-query-strings`: the name of the chapter's file and of its exercises folder.
    public var slug: String
    public var title: String
    public var file: URL
    public var exercises: [ExerciseGuide]
}

/// The files of `folder`, sorted by name; none when it does not exist.
func contents(of folder: URL) throws -> [URL] {
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
}

/// A problem the workshop reports in plain words and exits with.
public struct WorkshopError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
