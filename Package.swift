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
        .library(name: "ResponseValidation", targets: ["ResponseValidation"]),
        .library(name: "ResponseParsing", targets: ["ResponseParsing"]),
        .executable(name: "workshop", targets: ["WorkshopCommand"]),
        .executable(name: "afn-bench", targets: ["Benchmarks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Chapter 2
        .target(name: "QueryStrings", path: "Sources/02-QueryStrings"),
        .testTarget(name: "QueryStringsTests", dependencies: ["QueryStrings"], path: "Tests/02-QueryStringsTests"),

        // Chapter 5
        .target(name: "ResponseValidation", path: "Sources/05-ResponseValidation"),
        .testTarget(name: "ResponseValidationTests", dependencies: ["ResponseValidation"], path: "Tests/05-ResponseValidationTests"),

        // Chapter 6
        .target(name: "ResponseParsing", dependencies: ["ResponseValidation"], path: "Sources/06-ResponseParsing"),
        .testTarget(name: "ResponseParsingTests", dependencies: ["ResponseParsing", "ResponseValidation"], path: "Tests/06-ResponseParsingTests"),

        // `import AFN` gives every chapter module at once.
        .target(name: "AFN", dependencies: [
            "QueryStrings",
            "ResponseValidation",
            "ResponseParsing",
        ], path: "Sources/AFN"),

        // `swift run workshop`: the course map, checks and hints for learners, verify and listings
        // for authors. The logic is a library so that it can be tested; the command is a thin shell.
        .target(name: "Workshop", dependencies: ["AFN"], path: "Sources/Workshop"),
        .executableTarget(
            name: "WorkshopCommand",
            dependencies: ["Workshop", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/WorkshopCommand"
        ),
        .testTarget(name: "WorkshopTests", dependencies: ["Workshop"], path: "Tests/WorkshopTests"),

        // `swift run -c release afn-bench <name>`: ratios, measured in one process.
        .executableTarget(name: "Benchmarks", dependencies: [
            "QueryStrings",
            "ResponseParsing",
        ], path: "Sources/Benchmarks"),
    ]
)
