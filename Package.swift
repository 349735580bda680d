// swift-tools-version: 6.0
// The course and the library in one package. Each chapter is one module whose folder carries the
// chapter number (`Sources/02-QueryStrings`) and whose name does not (`import QueryStrings`).
// A chapter module may depend only on earlier chapters: the dependency graph is the course order.
import PackageDescription

let package = Package(
    name: "AFNetworkingFromTheInside",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AFN", targets: ["AFN"]),
        .library(name: "QueryStrings", targets: ["QueryStrings"]),
        .executable(name: "afn-bench", targets: ["Benchmarks"]),
    ],
    targets: [
        // Chapter 2
        .target(name: "QueryStrings", path: "Sources/02-QueryStrings"),
        .testTarget(name: "QueryStringsTests", dependencies: ["QueryStrings"], path: "Tests/02-QueryStringsTests"),

        // `import AFN` gives every chapter module at once.
        .target(name: "AFN", dependencies: ["QueryStrings"], path: "Sources/AFN"),

        // `swift run -c release afn-bench <name>`: ratios, measured in one process.
        .executableTarget(name: "Benchmarks", dependencies: ["QueryStrings"], path: "Sources/Benchmarks"),
    ]
)
