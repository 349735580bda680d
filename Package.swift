// swift-tools-version: 6.2
// The course and the library in one package. Each chapter is one module whose folder carries the
// chapter number (`Sources/02-QueryStrings`) and whose name does not (`import QueryStrings`).
// A chapter module may depend only on earlier chapters: the dependency graph is the course order.
import PackageDescription

let package = Package(
    name: "AFNetworkingFromTheInside",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "AFN", targets: ["AFN"]),
        .library(name: "Locking", targets: ["Locking"]),
        .library(name: "Tracing", targets: ["Tracing"]),
        .library(name: "QueryStrings", targets: ["QueryStrings"]),
        .library(name: "RequestSerialization", targets: ["RequestSerialization"]),
        .library(name: "RequestBodies", targets: ["RequestBodies"]),
        .library(name: "ResponseValidation", targets: ["ResponseValidation"]),
        .library(name: "ResponseParsing", targets: ["ResponseParsing"]),
        .library(name: "ImageInflation", targets: ["ImageInflation"]),
        .library(name: "TaskDelegates", targets: ["TaskDelegates"]),
        .library(name: "SessionManager", targets: ["SessionManager"]),
        .library(name: "HTTPSessionManager", targets: ["HTTPSessionManager"]),
        .library(name: "ImageDownloader", targets: ["ImageDownloader"]),
        .library(name: "SecurityPolicy", targets: ["SecurityPolicy"]),
        .library(name: "PinnedTransport", targets: ["PinnedTransport"]),
        .library(name: "Reachability", targets: ["Reachability"]),
        .library(name: "NetworkActivity", targets: ["NetworkActivity"]),
        .library(name: "HTTPBin", targets: ["HTTPBin"]),
        .library(name: "HTTPBinTLS", targets: ["HTTPBinTLS"]),
        .library(name: "TestCertificates", targets: ["TestCertificates"]),
        .executable(name: "workshop", targets: ["WorkshopCommand"]),
        .executable(name: "workshop-site", targets: ["WorkshopSiteCommand"]),
        .executable(name: "afn-bench", targets: ["Benchmarks"]),
        .executable(name: "httpbin", targets: ["HTTPBinServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // Chapter 12 only (nothing else depends on them, so neither the workshop tool nor an
        // exercise of chapters 2–11 builds them): X.509 chains, their keys, and TLS.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Chapter 12's transport only: NIOHTTPCompression, the decoder of gzip and deflate bodies.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        // The one lock type of the course (chapter 9 explains it): every module that shares state
        // between threads guards it with `Protected`, which the thread sanitizer can follow.
        .target(name: "Locking", path: "Sources/Locking"),

        // Chapter 1: the tracing hook chapters 8–10 report each step of a request to (the tour).
        .target(name: "Tracing", dependencies: ["Locking"], path: "Sources/01-Tracing"),
        .testTarget(
            name: "TracingTests",
            dependencies: ["Tracing", "HTTPSessionManager", "ResponseValidation", "ResponseParsing", "ImageInflation", "HTTPBin", "TestSupport"],
            path: "Tests/01-TracingTests"),

        // Chapter 2. Each chapter's test folder also holds `stages.md`, its tests in the stages of
        // the rebuild track (`swift run workshop rebuild`), which is not part of the test target.
        .target(name: "QueryStrings", path: "Sources/02-QueryStrings"),
        .testTarget(
            name: "QueryStringsTests", dependencies: ["QueryStrings", "TestSupport"],
            path: "Tests/02-QueryStringsTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 3
        .target(name: "RequestSerialization", dependencies: ["QueryStrings"], path: "Sources/03-RequestSerialization"),
        // The loopback tests send real requests to HTTPBin and check what it received.
        .testTarget(
            name: "RequestSerializationTests", dependencies: ["RequestSerialization", "HTTPBin"],
            path: "Tests/03-RequestSerializationTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 4
        .target(name: "RequestBodies", dependencies: ["QueryStrings", "RequestSerialization"], path: "Sources/04-RequestBodies"),
        .testTarget(
            name: "RequestBodiesTests", dependencies: ["RequestBodies", "RequestSerialization", "HTTPBin", "Locking"],
            path: "Tests/04-RequestBodiesTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 5
        .target(name: "ResponseValidation", path: "Sources/05-ResponseValidation"),
        .testTarget(
            name: "ResponseValidationTests", dependencies: ["ResponseValidation", "TestSupport"],
            path: "Tests/05-ResponseValidationTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 6
        .target(name: "ResponseParsing", dependencies: ["ResponseValidation"], path: "Sources/06-ResponseParsing"),
        .testTarget(
            name: "ResponseParsingTests", dependencies: ["ResponseParsing", "ResponseValidation", "HTTPBin"],
            path: "Tests/06-ResponseParsingTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 7: the system's libpng and libjpeg(-turbo), found through pkg-config. Swift
        // calls libpng directly; libjpeg only through the C target that owns its setjmp.
        .systemLibrary(
            name: "CLibPNG", path: "Sources/07-CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CLibJPEG", path: "Sources/07-CLibJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .target(name: "CJPEGDecoder", dependencies: ["CLibJPEG"], path: "Sources/07-CJPEGDecoder"),
        // `ImageResponseSerializer` validates with chapter 5's contract before it decodes.
        .target(
            name: "ImageInflation", dependencies: ["CLibPNG", "CJPEGDecoder", "ResponseValidation"],
            path: "Sources/07-ImageInflation"),
        // The end-to-end tests fetch HTTPBin's image routes through URLSession.
        .testTarget(
            name: "ImageInflationTests", dependencies: ["ImageInflation", "ResponseValidation", "HTTPBin", "TestSupport"],
            path: "Tests/07-ImageInflationTests",
            exclude: ["make-fixtures.py", "stages.md", "WrongModules"], resources: [.copy("Fixtures")]),

        // Chapter 8: the object that carries one task through the network. Its completion runs
        // chapter 5's serializer contract; the default serializer is chapter 6's JSON one.
        .target(name: "TaskDelegates", dependencies: ["Locking", "Tracing", "ResponseValidation", "ResponseParsing"], path: "Sources/08-TaskDelegates"),
        // Scripted event sequences, and real tasks on a real URLSession against HTTPBin.
        .testTarget(
            name: "TaskDelegatesTests", dependencies: ["TaskDelegates", "ResponseValidation", "ResponseParsing", "HTTPBin", "TestSupport"],
            path: "Tests/08-TaskDelegatesTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 9: one URLSession, its serial delegate queue, and the map of task delegates.
        .target(name: "SessionManager", dependencies: ["Locking", "Tracing", "TaskDelegates", "ResponseValidation", "ResponseParsing"], path: "Sources/09-SessionManager"),
        // Real tasks against HTTPBin: behaviour, the Linux workarounds, the stress test.
        .testTarget(
            name: "SessionManagerTests",
            dependencies: [
                "SessionManager", "TaskDelegates", "ResponseValidation", "ResponseParsing", "RequestSerialization", "RequestBodies", "HTTPBin",
                "TestSupport",
            ],
            path: "Tests/09-SessionManagerTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 10: the verbs on top of chapter 9's manager, and an async/await façade.
        .target(
            name: "HTTPSessionManager",
            dependencies: ["Locking", "Tracing", "SessionManager", "TaskDelegates", "RequestSerialization", "RequestBodies", "ResponseValidation", "ResponseParsing"],
            path: "Sources/10-HTTPSessionManager"),
        // Every verb end to end against HTTPBin, the failure paths, and the cancellation stress test.
        .testTarget(
            name: "HTTPSessionManagerTests",
            dependencies: [
                "HTTPSessionManager", "SessionManager", "RequestSerialization", "RequestBodies", "ResponseValidation", "ResponseParsing",
                "HTTPBin", "TestSupport",
            ],
            path: "Tests/10-HTTPSessionManagerTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 11: AFNetworking's image downloader (merged requests, a download queue), its
        // auto-purging image cache and the image view's reused-cell rule, on chapters 7, 9 and 10.
        .target(
            name: "ImageDownloader",
            dependencies: ["Locking", "Tracing", "ImageInflation", "ResponseValidation", "SessionManager", "HTTPSessionManager"],
            path: "Sources/11-ImageDownloader"),
        // Merged downloads counted at HTTPBin, cancellation, the queue, the cache, bad input, the
        // reused cell, what of URLCache works on Linux, and the stress test.
        .testTarget(
            name: "ImageDownloaderTests",
            dependencies: [
                "ImageDownloader", "ImageInflation", "ResponseValidation", "TaskDelegates", "SessionManager", "HTTPSessionManager", "HTTPBin",
                "Tracing", "TestSupport",
            ],
            path: "Tests/11-ImageDownloaderTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 12: AFNetworking's security policy as an evaluator of DER chains (swift-certificates),
        // and the transport that lets it decide real TLS handshakes: a NIO client whose handshake asks
        // the policy, and a URLProtocol that gives chapters 9–10's manager pinned HTTPS on Linux.
        // Neither is in `AFN`: the TLS stack takes minutes to build, and only chapter 12 needs it.
        .target(
            name: "SecurityPolicy",
            dependencies: [
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/12-SecurityPolicy"),
        .target(
            name: "PinnedTransport",
            dependencies: [
                "SecurityPolicy", "SessionManager", "HTTPSessionManager", "Locking",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            path: "Sources/12-PinnedTransport"),
        // The policy against generated chains (AFNetworking's own test cases among them), then
        // real handshakes with HTTPBin's TLS listener, then requests through the manager.
        .testTarget(
            name: "SecurityPolicyTests",
            dependencies: [
                "SecurityPolicy", "PinnedTransport", "TestCertificates", "HTTPBin", "HTTPBinTLS", "SessionManager",
                "HTTPSessionManager", "Locking", "TestSupport", "ResponseValidation",
                .product(name: "X509", package: "swift-certificates"),
            ],
            path: "Tests/12-SecurityPolicyTests", exclude: ["stages.md", "WrongModules"]),

        // Chapter 13: is the network there? AFNetworking's reachability manager, fed on Linux by the
        // kernel's own tables (rtnetlink), and in a module of its own the activity indicator and the
        // control bound to a task, on chapters 8 and 9's notifications. The namespace tests change
        // real links, addresses and routes, as root, in a network namespace of their own.
        .target(name: "Reachability", dependencies: ["Locking"], path: "Sources/13-Reachability"),
        .target(
            name: "NetworkActivity", dependencies: ["Locking", "TaskDelegates", "SessionManager"],
            path: "Sources/13-NetworkActivity"),
        .testTarget(
            name: "ReachabilityTests",
            dependencies: ["Reachability", "NetworkActivity", "SessionManager", "TaskDelegates", "HTTPBin", "TestSupport", "Locking"],
            path: "Tests/13-ReachabilityTests", exclude: ["stages.md", "WrongModules"]),

        // Chapters 4, 6, 7 and 10 against a real HTTP server nobody here wrote (Python's httpbin
        // under gunicorn, which `.ci/run` installs and starts). The tests are skipped unless
        // AFN_INTEROP_URL names the server: CONTRIBUTING.md, "The test server and the interoperability suite".
        .testTarget(
            name: "InteropTests",
            dependencies: [
                "HTTPSessionManager", "SessionManager", "RequestSerialization", "RequestBodies", "ResponseValidation", "ResponseParsing",
                "ImageInflation", "TestSupport",
                // Chapter 12's pinned manager against nginx terminating TLS (PinnedInteropTests).
                "PinnedTransport", "SecurityPolicy", "TestCertificates",
            ],
            path: "Tests/InteropTests",
            exclude: ["requirements.txt", "nginx-tls.sh"]),

        // `import AFN` gives every chapter module at once, but chapter 12's (`import SecurityPolicy`):
        // the workshop tool depends on AFN, and a learner's first build should not compile TLS.
        .target(name: "AFN", dependencies: [
            "Locking",
            "Tracing",
            "QueryStrings",
            "RequestSerialization",
            "RequestBodies",
            "ResponseValidation",
            "ResponseParsing",
            "ImageInflation",
            "TaskDelegates",
            "SessionManager",
            "HTTPSessionManager",
            "ImageDownloader",
            "Reachability",
            "NetworkActivity",
        ], path: "Sources/AFN"),

        // `swift run workshop`: the course map, checks and hints for learners, verify and listings
        // for authors. The logic is a library so that it can be tested; the command is a thin shell.
        // It imports the chapter modules one by one, as the examples and the tour show them.
        .target(
            name: "Workshop",
            dependencies: [
                "Locking", "Tracing", "QueryStrings", "RequestSerialization", "RequestBodies", "ResponseValidation", "ResponseParsing",
                "ImageInflation", "TaskDelegates", "HTTPSessionManager", "ImageDownloader", "HTTPBin", "Reachability",
                "NetworkActivity", "SessionManager",
            ],
            path: "Sources/Workshop"),
        .executableTarget(
            name: "WorkshopCommand",
            dependencies: ["Workshop", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/WorkshopCommand"
        ),
        .testTarget(
            name: "WorkshopTests", dependencies: ["Workshop", "WorkshopSite", "Tracing", "TestSupport"], path: "Tests/WorkshopTests",
            exclude: ["public-api.txt"]),

        // `swift run workshop site`: the course as a website, and the diagram engine that draws it.
        // A program of its own, which `workshop site` builds and runs the first time it is asked
        // for, so that a learner's first `swift run workshop` never compiles it. Its server uses
        // the NIO modules HTTPBin already builds: no new dependency.
        .target(
            name: "WorkshopSite",
            dependencies: [
                "Workshop",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/WorkshopSite"),
        .executableTarget(
            name: "WorkshopSiteCommand",
            dependencies: ["WorkshopSite", "Workshop", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/WorkshopSiteCommand"
        ),

        // `swift run -c release afn-bench <name>`: ratios, measured in one process. The C baseline
        // decodes chapter 7's images with the bare libraries, for comparison.
        .target(name: "CInflateBaseline", dependencies: ["CLibPNG", "CLibJPEG"], path: "Sources/07-CInflateBaseline"),
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "Locking", "QueryStrings", "RequestBodies", "ResponseParsing", "ImageInflation", "CInflateBaseline", "SessionManager", "Tracing", "HTTPBin",
                "HTTPSessionManager", "ImageDownloader",
                // `afn-bench pinned` (chapter 12): the TLS stack is in this build too.
                "SecurityPolicy", "PinnedTransport", "HTTPBinTLS", "TestCertificates",
            ],
            path: "Sources/Benchmarks"
        ),

        // The benchmarks' own logic: targets that are checked, names that are refused.
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks"], path: "Tests/BenchmarksTests"),

        // What several test targets and HTTPBin share: a seeded random number generator, `Locked`
        // (the course's lock under the tests' name) and `eventually`.
        .target(name: "TestSupport", dependencies: ["Locking"], path: "Sources/TestSupport"),

        // The embedded loopback HTTP server used by tests, the tour and the exercises (not part of AFN).
        .target(
            name: "HTTPBin",
            dependencies: [
                "Locking",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/HTTPBin",
            exclude: ["Fixtures/make-fixtures.py"],
            resources: [.copy("Fixtures/images")]
        ),
        .executableTarget(name: "HTTPBinServer", dependencies: ["HTTPBin"], path: "Sources/HTTPBinServer"),
        // HTTPBin behind TLS, for chapter 12 only: a target of its own, so that everything else that
        // uses HTTPBin (every test target, the workshop tool) never builds swift-nio-ssl.
        .target(
            name: "HTTPBinTLS",
            dependencies: [
                "HTTPBin", "Locking",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Sources/HTTPBinTLS"),
        // Certificates made on the spot for chapter 12's tests and exercises (a root, intermediates,
        // leaves, rogue and expired ones): nothing committed can expire.
        .target(
            name: "TestCertificates",
            dependencies: [
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            path: "Sources/TestCertificates"),
        .testTarget(
            name: "HTTPBinTests",
            dependencies: [
                "HTTPBin",
                "Locking",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/HTTPBinTests"
        ),
    ]
)
