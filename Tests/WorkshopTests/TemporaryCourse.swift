import Foundation
@testable import Workshop

/// A course folder that tests write files into.
struct CourseFolder: Sendable {
    let root: URL
    var course: Course { Course(root: root) }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Unchanged files keep their date, so that a course kept between runs builds incrementally.
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

/// A throwaway course folder for tests: write files into it, point a `Course` at it, delete it.
final class TemporaryCourse {
    private let folder: CourseFolder
    var root: URL { folder.root }
    var course: Course { folder.course }

    init() throws {
        folder = CourseFolder(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("workshop-test-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String) throws { try folder.write(path, text) }
    func read(_ path: String) throws -> String { try folder.read(path) }
}
