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
        .library(name: "HTTPBin", targets: ["HTTPBin"]),
        .executable(name: "httpbin", targets: ["HTTPBinServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        // Chapter 2
        .target(name: "QueryStrings", path: "Sources/02-QueryStrings"),
        .testTarget(name: "QueryStringsTests", dependencies: ["QueryStrings"], path: "Tests/02-QueryStringsTests"),

        // `import AFN` gives every chapter module at once.
        .target(name: "AFN", dependencies: ["QueryStrings"], path: "Sources/AFN"),

        // The embedded loopback HTTP server used by tests, the tour and the exercises (not part of AFN).
        .target(
            name: "HTTPBin",
            dependencies: [
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/HTTPBin",
            exclude: ["Fixtures/make-fixtures.py"],
            resources: [.copy("Fixtures/images")]
        ),
        .executableTarget(name: "HTTPBinServer", dependencies: ["HTTPBin"], path: "Sources/HTTPBinServer"),
        .testTarget(
            name: "HTTPBinTests",
            dependencies: [
                "HTTPBin",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/HTTPBinTests"
        ),
    ]
)
