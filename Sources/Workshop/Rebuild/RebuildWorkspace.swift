import Foundation

/// The learner's rebuild workspace: a folder of theirs (by default `rebuild/` in the course, which
/// the course's git ignores) that holds one folder per rebuilt module, named as in the course
/// (`02-QueryStrings/`), and the generated package the checks build in (`.workshop/`).
package struct RebuildWorkspace: Sendable {
    package let course: Course
    package let folder: URL

    package init(course: Course, folder: URL) {
        self.course = course
        self.folder = folder.standardizedFileURL
    }

    /// `WORKSHOP_REBUILD` when set (relative to the course), else `rebuild/` in the course.
    package static func defaultFolder(
        for course: Course, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        guard let path = environment["WORKSHOP_REBUILD"], !path.isEmpty else {
            return course.root.appendingPathComponent("rebuild")
        }
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : course.root.appendingPathComponent(path)
    }

    package var package: RebuildPackage {
        RebuildPackage(course: course, folder: folder.appendingPathComponent(".workshop/package"))
    }
    var interfacesFolder: URL { package.folder.appendingPathComponent(".interfaces") }

    /// The learner's module of `chapter`: `<workspace>/02-QueryStrings`.
    package func moduleFolder(for chapter: RebuildChapter) -> URL { folder.appendingPathComponent(chapter.folderName) }

    /// Whether the learner has a module for `chapter` (a folder with at least one Swift file).
    package func hasModule(for chapter: RebuildChapter) -> Bool {
        let files =
            FileManager.default.enumerator(at: moduleFolder(for: chapter), includingPropertiesForKeys: nil)?.allObjects
            as? [URL] ?? []
        return files.contains { $0.pathExtension == "swift" }
    }

    /// A path as the learner would type it from the course's folder.
    package func shown(_ url: URL) -> String { course.relative(url) }

    /// The package's targets for `chapter`'s tests, with the learner's modules (the chapter's and
    /// those of `own`) in place of the course's. Given the tests a check runs, only the test files
    /// and the targets they need (`TestFileSelection`); otherwise all of them.
    func testLayout(
        for chapter: RebuildChapter, own: [RebuildChapter], manifest: CourseManifest, running tests: [String]? = nil
    ) throws -> RebuildPackage.Layout {
        var replacements: [String: URL] = [:]
        for mine in own + [chapter] { replacements[mine.module] = moduleFolder(for: mine) }
        guard let tests,
            let selection = try TestFileSelection.make(for: Set(tests), chapter: chapter, manifest: manifest)
        else {
            return RebuildPackage.Layout(
                targets: manifest.closure(of: [chapter.testTarget]), replacements: replacements)
        }
        return RebuildPackage.Layout(
            targets: manifest.closure(of: selection.dependencies).union([chapter.testTarget]),
            replacements: replacements,
            testFiles: selection)
    }

    /// How the compiler's and the backtracer's paths are shown: the learner's modules by their
    /// folder in the workspace, the course's files relative to the course.
    func learnerPaths(for chapters: [RebuildChapter], manifest: CourseManifest) -> LearnerPaths {
        let learner = chapters.compactMap { chapter -> LearnerPaths.Folder? in
            guard let target = manifest.target(named: chapter.module) else { return nil }
            return LearnerPaths.Folder(
                path: package.folder.appendingPathComponent(target.path).path, shownAs: chapter.folderName)
        }
        return LearnerPaths(learner: learner, others: [LearnerPaths.Folder(path: package.folder.path, shownAs: "")])
    }
}
