import Foundation

/// A chapter whose module a learner can rebuild: its module (`Sources/NN-Name`), the module's own
/// tests (`Tests/NN-NameTests`) and the stage file next to them. Found from the folders, so a new
/// chapter needs no change here; chapter 1, the tour, has no module of its own to rebuild.
package struct RebuildChapter: Sendable, Equatable {
    package var number: Int
    /// `QueryStrings`.
    package var module: String
    /// `02-QueryStrings`: the module's folder in the course, and the learner's folder of the same name.
    package var folderName: String
    package var sourcesFolder: URL
    package var testsFolder: URL

    /// `QueryStringsTests`.
    package var testTarget: String { module + "Tests" }
    /// `Tests/02-QueryStringsTests/stages.md`.
    package var stagesFile: URL { testsFolder.appendingPathComponent(Self.stagesFileName) }

    package static let stagesFileName = "stages.md"

    /// Every chapter from 2 on that has both a module folder and a test folder, in order.
    package static func all(in course: Course) throws -> [RebuildChapter] {
        let tests = Set(try contents(of: course.root.appendingPathComponent("Tests")).map(\.lastPathComponent))
        return try contents(of: course.sourcesFolder).compactMap { folder -> RebuildChapter? in
            let name = folder.lastPathComponent
            guard let number = Int(name.prefix(2)), number >= 2, name.dropFirst(2).first == "-",
                tests.contains(name + "Tests")
            else { return nil }
            return RebuildChapter(
                number: number, module: String(name.dropFirst(3)), folderName: name, sourcesFolder: folder,
                testsFolder: course.root.appendingPathComponent("Tests/\(name)Tests"))
        }
    }

    /// Chapter `number`, or an error that lists the chapters there are.
    package static func named(_ number: Int, in course: Course) throws -> RebuildChapter {
        let all = try all(in: course)
        guard let chapter = all.first(where: { $0.number == number }) else {
            throw WorkshopError(
                "chapter \(number) has no module to rebuild; the chapters that have one are \(all.map { String($0.number) }.joined(separator: ", "))"
            )
        }
        return chapter
    }
}
