import Foundation

/// Real PNG and JPEG files for the image chapter, made by `Fixtures/make-fixtures.py` and shipped
/// as SwiftPM resources. `Bundle.module` finds them on Linux too: SwiftPM copies the folder into
/// `<package>_HTTPBin.resources` next to the built products and generates the accessor.
extension Routes {
    enum ImageFormat: String {
        case png, jpeg

        var contentType: String { "image/\(rawValue)" }
    }

    static func image(_ format: ImageFormat) -> @Sendable (Request, [String: String]) throws(BadRequest) -> Reply {
        { request, _ throws(BadRequest) in
            let name = request.queryValue("fixture") ?? "small"
            // Only known names reach the file system: a name like `../../x` must not read files.
            let available = fixtureNames(format)
            guard available.contains(name),
                let data = try? Data(contentsOf: folder.appendingPathComponent("\(name).\(format.rawValue)"))
            else {
                throw BadRequest(
                    "no \(format.rawValue) fixture \(name); there are: \(available.joined(separator: ", "))",
                    status: .notFound)
            }
            return [.respond(Response(contentType: format.contentType, body: data))]
        }
    }

    /// The fixtures are whatever files the folder holds: adding one needs no code change.
    static func fixtureNames(_ format: ImageFormat) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".\(format.rawValue)") }.map { String($0.prefix { $0 != "." }) }.sorted()
    }

    private static var folder: URL {
        Bundle.module.bundleURL.appendingPathComponent("images")
    }
}
