// swift-tools-version: 6.2
// The course's fuzz targets: one executable per parser, each a libFuzzer `LLVMFuzzerTestOneInput`
// over the course's public API. A package of its own that depends on the course by path, so that
// the course's `swift build`, `swift run workshop` and `swift test` never build any of it.
//
//   Fuzz/run                       every target for 30 seconds (Fuzz/run --help for the rest)
//   Fuzz/run --time 600 jpeg       one target for ten minutes
//
// The targets only make sense built with the fuzzer and the address sanitizer, which `Fuzz/run`
// asks for: `swift build --package-path Fuzz -c release --sanitize=fuzzer --sanitize=address`.
import PackageDescription

/// A path dependency's identity is the name of its folder, which is whatever the course was cloned
/// into; read it off this manifest's own location.
let course = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "course"

/// Each target: its folder under `Targets/`, and the course modules it imports.
let fuzzTargets: [(name: String, uses: [String])] = [
    ("query-string", ["QueryStrings"]),                   // chapter 2
    ("multipart", ["RequestBodies"]),                     // chapter 4
    ("content-type", ["ResponseValidation", "ResponseParsing"]),  // chapters 5 and 6
    ("json", ["ResponseValidation", "ResponseParsing"]),  // chapter 6
    ("null-removal", ["ResponseParsing"]),
    ("xml", ["ResponseValidation", "ResponseParsing"]),
    ("property-list", ["ResponseValidation", "ResponseParsing"]),
    ("compound", ["ResponseValidation", "ResponseParsing", "ImageInflation"]),
    ("decodable", ["ResponseValidation", "ResponseParsing"]),
    ("image-header", ["ImageInflation"]),                 // chapter 7
    ("exif", ["ImageInflation"]),
    ("png", ["ImageInflation"]),
    ("jpeg", ["ImageInflation"]),
    ("cache-key", ["ImageInflation", "ImageDownloader"]),  // chapter 11
    ("netlink", ["Reachability"]),                        // chapter 13
    ("httpbin-requests", ["HTTPBin"]),                    // the test server (not "httpbin": the course has that product)
    ("pinned-response", ["PinnedTransport", "SecurityPolicy", "SessionManager", "ResponseValidation", "HTTPBinTLS", "TestCertificates", "Locking"]),  // chapter 12
]

func library(_ name: String) -> Target.Dependency {
    .product(name: name, package: course)
}

let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Targets/FuzzSupport"),
        .target(name: "ImageFuzzSupport", dependencies: ["FuzzSupport", library("ImageInflation")], path: "Targets/ImageFuzzSupport"),
    ] + fuzzTargets.map { target in
        let support: [Target.Dependency] = ["png", "jpeg"].contains(target.name) ? ["FuzzSupport", "ImageFuzzSupport"] : ["FuzzSupport"]
        return .executableTarget(name: target.name, dependencies: support + target.uses.map(library), path: "Targets/\(target.name)")
    }
)
