import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageDownloader
import ImageInflation
import ResponseValidation
import TestSupport
import Testing

/// Every caller of a merged download of bad input gets the same typed error; nothing is cached,
/// so the next request goes to the network again.
@Suite("Bad input")
struct BadInputTests {
    enum Expected: Sendable, CustomTestStringConvertible {
        case reason(ResponseSerializationError.Reason)
        case malformedBody(format: String)
        case network

        var testDescription: String {
            switch self {
            case .reason(let reason): "\(reason)"
            case .malformedBody(let format): "a body that is not valid \(format)"
            case .network: "a network error"
            }
        }

        func matches(_ error: (any Error)?) -> Bool {
            switch self {
            case .reason(let reason):
                return (error as? ResponseSerializationError)?.reason == reason
            case .malformedBody(let expected):
                guard case .malformedBody(let format, _)? = (error as? ResponseSerializationError)?.reason else {
                    return false
                }
                return format == expected
            case .network:
                return error is URLError
            }
        }
    }

    static let cases: [(String, String, Expected)] = [
        ("a 404", "/image/png?fixture=missing", .reason(.unacceptableStatusCode(404))),
        (
            "a body that is not an image", "/response?content-type=image/png&body=not%20a%20picture",
            .malformedBody(format: "PNG or JPEG")
        ),
        ("a truncated JPEG", "/image/jpeg?fixture=truncated", .malformedBody(format: "JPEG")),
        (
            "a decompression bomb", "/image/png?fixture=bomb",
            .reason(
                .decodingFailed(
                    type: "Image",
                    detail: ImageError.tooLarge(
                        width: 100_000, height: 100_000, maxPixelCount: DecodingOptions.defaultMaxPixelCount
                    ).description))
        ),
        ("a connection dropped mid-body", "/fault/close-mid-body", .network),
    ]

    @Test(
        "Each caller of the merged download gets the typed error, from one request, and nothing is cached",
        arguments: cases)
    func badInput(name: String, path: String, expected: Expected) async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            let blocker = await harness.blockSlots()
            harness.download(path, as: "first")
            harness.download(path, as: "second")
            blocker.release()
            #expect(await harness.answers.wait(for: 2))
            for caller in ["first", "second"] {
                let answers = harness.answers[caller]
                #expect(answers.count == 1, "\(caller) got \(answers.count) answers")
                #expect(
                    expected.matches(answers.first?.error), "\(caller) got \(String(describing: answers.first?.error))")
            }
            #expect(harness.hits(path) == 1)
            #expect(harness.cache.memoryUsage == 0)
            #expect(harness.cache.image(for: harness.request(path), withAdditionalIdentifier: nil) == nil)
            // Nothing cached: asking again asks the server again.
            _ = await harness.answer(path)
            #expect(harness.hits(path) == 2)
        }
    }
}
