import Foundation
import Testing
@testable import Workshop

@Suite("The test files a check of some stages builds")
struct TestFileSelectionTests {
    @Test("The names a test file declares at its top level are its types, functions and constants, not its members")
    func topLevelNames() {
        let source = """
            import HTTPBin
            /// A harness.
            @Suite("Harness") struct Harness {
                let server: HTTPBin
                func start() {}
            }
            private let pki = 1
            func testImage(_ size: Int) -> Int { size }
            extension Harness {}
            """
        #expect(TestFileSelection.topLevelNames(in: source) == ["Harness", "pki", "testImage"])
    }

    @Test(
        "A heavy file that declares what a kept file uses is kept, and so is the one it uses in turn; an unused one is left out"
    )
    func keepsWhatIsUsed() throws {
        let course = try TemporaryCourse()
        try course.write("Tests/CallOutTests.swift", "@Test func callOut() { let harness = Harness() }\n")
        try course.write("Tests/Support.swift", "import HTTPBin\nstruct Harness { let cache = ScriptedCache() }\n")
        try course.write("Tests/Scripted.swift", "import HTTPBin\nfinal class ScriptedCache {}\n")
        try course.write(
            "Tests/HandshakeTests.swift", "import NIOSSL\n@Test func handshake() {}\nfunc send() {}\n")
        // Words of prose and of strings are no use of a name: "send" here keeps nothing.
        try course.write("Tests/Prose.swift", "// send it\n@Test(\"we send\") func prose() {}\n")
        let url = { (name: String) in course.root.appendingPathComponent("Tests/\(name)") }
        var kept = [url("CallOutTests.swift").path, url("Prose.swift").path]
        var excluded = ["Support.swift", "Scripted.swift", "HandshakeTests.swift"].map(url)
        try TestFileSelection.keepWhatIsUsed(kept: &kept, excluded: &excluded)
        #expect(excluded == [url("HandshakeTests.swift")], "\(excluded)")
        #expect(
            Set(kept.map { URL(fileURLWithPath: $0).lastPathComponent }) == [
                "CallOutTests.swift", "Prose.swift", "Support.swift", "Scripted.swift",
            ])
    }
}
