import Foundation
import ImageInflation
import Testing
import TestSupport

@Suite("Decoding on many threads")
struct ConcurrencyTests {
    static let names = [
        "png-rgba8.png", "png-rgba8-interlaced.png", "png-palette4-trns.png", "png-rgba16.png",
        "jpeg-rgb-baseline.jpg", "jpeg-rgb-progressive.jpg", "jpeg-ycck-adobe.jpg", "jpeg-truncated.jpg",
    ]

    @Test("Sixteen threads decoding at once get the same results as one thread", .timeLimit(.minutes(1)))
    func threads() throws {
        let inputs = try Self.names.map(Fixture.data)
        let expected = inputs.map { try? decodeBitmap(from: $0) }
        let mismatches = Locked(0)
        let finished = DispatchGroup()
        for thread in 0..<16 {
            finished.enter()
            Thread {
                var wrong = 0
                for round in 0..<50 {
                    let index = (thread + round) % inputs.count
                    if (try? decodeBitmap(from: inputs[index])) != expected[index] { wrong += 1 }
                }
                mismatches.withLock { $0 += wrong }
                finished.leave()
            }.start()
        }
        finished.wait()
        #expect(mismatches.value == 0)
    }

    @Test("inflateImage decodes many images at once from async code")
    func asyncInflation() async throws {
        let skippedByTheRules: Set = ["png-rgba16.png", "jpeg-ycck-adobe.jpg"]
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for name in Self.names where name != "jpeg-truncated.jpg" {
                let data = try Fixture.data(name)
                group.addTask {
                    let image = try await inflateImage(from: data, mimeType: "image/jpeg")
                    return image.isInflated != skippedByTheRules.contains(name)
                }
            }
            for try await isExpected in group { #expect(isExpected) }
        }
        let truncated = try Fixture.data("jpeg-truncated.jpg")
        await #expect(throws: ImageError.truncatedData(.jpeg)) {
            _ = try await inflateImage(from: truncated, mimeType: "image/jpeg")
        }
    }
}
