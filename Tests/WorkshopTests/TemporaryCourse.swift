import Foundation
@testable import Workshop

/// A throwaway course folder for tests: write files into it, point a `Course` at it, delete it.
final class TemporaryCourse {
    let root: URL
    var course: Course { Course(root: root) }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("workshop-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}
