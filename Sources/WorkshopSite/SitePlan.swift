import Foundation
import Workshop

/// One page of the site made from one Markdown file of the course.
struct SitePage: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case chapter(Int)
        case exercises(chapter: Int)
        /// A page of `chapters/` that is not a chapter: the glossary, the instructors' page.
        case reference
    }

    var kind: Kind
    /// The page's name in the catalog and in its address: `09-session-manager`,
    /// `09-session-manager-exercises`, `glossary`.
    var name: String
    var source: URL
    var title: String
}

/// A chapter's module: `Sources/09-SessionManager` is module `SessionManager` of chapter 9.
struct ChapterModule: Sendable, Equatable {
    var chapter: Int
    var name: String
    var folder: URL
}

/// What the site holds, in course order, read from the folders: every numbered chapter, its
/// exercises page when `exercises/NN-slug/README.md` exists, every other page of `chapters/`
/// (the glossary, the instructors' page), and every Swift module whose folder carries a chapter
/// number. A new chapter needs no change here.
struct SitePlan: Sendable {
    var pages: [SitePage]
    var modules: [ChapterModule]

    init(pages: [SitePage], modules: [ChapterModule]) {
        self.pages = pages
        self.modules = modules
    }

    init(course: Course) throws {
        var chapters: [SitePage] = []
        var exercises: [SitePage] = []
        for chapter in try course.chapters() {
            chapters.append(
                SitePage(
                    kind: .chapter(chapter.number), name: chapter.slug, source: chapter.file,
                    title: try Self.title(of: chapter.file)))
            let readme = course.exercisesFolder.appendingPathComponent("\(chapter.slug)/README.md")
            if FileManager.default.fileExists(atPath: readme.path) {
                exercises.append(
                    SitePage(
                        kind: .exercises(chapter: chapter.number), name: "\(chapter.slug)-exercises", source: readme,
                        title: try Self.title(of: readme)))
            }
        }
        let others = try contents(of: course.chaptersFolder)
            .filter { $0.pathExtension == "md" && Int($0.lastPathComponent.prefix(2)) == nil }
            .map {
                SitePage(
                    kind: .reference, name: $0.deletingPathExtension().lastPathComponent.lowercased(), source: $0,
                    title: try Self.title(of: $0))
            }
            // The glossary first: it is the page the chapters link to most.
            .sorted { ($0.name == "glossary" ? 0 : 1, $0.name) < ($1.name == "glossary" ? 0 : 1, $1.name) }
        pages = chapters + exercises + others
        modules = try Self.modules(in: course.sourcesFolder)
    }

    /// The folders `NN-Name` of `Sources/` that hold Swift code, in chapter order.
    static func modules(in sources: URL) throws -> [ChapterModule] {
        try contents(of: sources).compactMap { folder -> ChapterModule? in
            let name = folder.lastPathComponent
            guard let number = Int(name.prefix(2)), name.dropFirst(2).first == "-" else { return nil }
            let files =
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            guard files.contains(where: { $0.pathExtension == "swift" }) else { return nil }
            return ChapterModule(chapter: number, name: String(name.dropFirst(3)), folder: folder)
        }
        .sorted { ($0.chapter, $0.name) < ($1.chapter, $1.name) }
    }

    /// A Markdown file's `# Title`, as plain text; an error when it has none, since the site
    /// would otherwise show a page without a name.
    static func title(of file: URL) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let heading = Markdown.headings(in: text).first(where: { $0.level == 1 }) else {
            throw WorkshopError(
                "\(file.path): the page has no '# Title' line, which the site needs as the page's title")
        }
        return heading.text
    }

    var chapters: [SitePage] { pages.filter { if case .chapter = $0.kind { true } else { false } } }

    func page(for source: URL) -> SitePage? {
        let path = source.standardizedFileURL.path
        return pages.first { $0.source.standardizedFileURL.path == path }
    }

    func exercisesPage(ofChapter number: Int) -> SitePage? {
        pages.first { $0.kind == .exercises(chapter: number) }
    }

    func chapterPage(_ number: Int) -> SitePage? {
        pages.first { $0.kind == .chapter(number) }
    }

    func modules(ofChapter number: Int) -> [ChapterModule] {
        modules.filter { $0.chapter == number }
    }

    /// The module whose folder holds `file`, for a link to a source file.
    func module(containing file: URL) -> ChapterModule? {
        let path = file.standardizedFileURL.path
        return modules.first {
            path.hasPrefix($0.folder.standardizedFileURL.path + "/") || path == $0.folder.standardizedFileURL.path
        }
    }
}
