import Foundation

/// A chapter for a reader who rebuilds its module: each listing of the module's own code is
/// replaced by a one-line note that names its region, so that the prose explains the design without
/// handing over the code. Listings of other modules, Objective-C and output stay.
package enum FoldedChapter {
    /// `text` with the listings whose region is in `folded` replaced; relative links are prefixed
    /// with `linkPrefix` so that they still point into the course.
    package static func fold(_ text: String, folding folded: Set<String>, chapter: Int, linkPrefix: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let (placements, _) = Listings.placements(in: text)
        for placement in placements.reversed() where placement.kind == .listing && folded.contains(placement.name) {
            let note =
                "> *Listing `\(placement.name)` is folded away: it is yours to write. "
                + "`swift run workshop rebuild diff \(chapter)` shows the course's code once every stage passes.*"
            lines.replaceSubrange((placement.line - 1)...placement.blockLines.upperBound, with: [note])
        }
        return relinked(lines.joined(separator: "\n"), prefix: linkPrefix)
    }

    /// `](glossary.md)` → `](../../chapters/glossary.md)`; web links, anchors and absolute paths stay.
    static func relinked(_ text: String, prefix: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "](") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let target = rest.prefix { $0 != ")" }
            let isRelative =
                !(target.hasPrefix("#") || target.hasPrefix("/") || target.contains("://")
                || target.hasPrefix("mailto:"))
            guard isRelative && !target.isEmpty else { continue }
            result += collapsed(prefix + target)
            rest = rest.dropFirst(target.count)
        }
        return result + rest
    }

    /// `../../chapters/../exercises/x` → `../../exercises/x`.
    static func collapsed(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The regions whose code is in `folder` (the module being rebuilt).
    static func regions(in folder: URL, course: Course) throws -> Set<String> {
        let (regions, _) = try Listings(course: course).regions()
        let prefix = folder.standardizedFileURL.path + "/"
        return Set(regions.values.filter { $0.file.standardizedFileURL.path.hasPrefix(prefix) }.map(\.name))
    }
}
