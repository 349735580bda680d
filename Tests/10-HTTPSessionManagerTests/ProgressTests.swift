import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ResponseValidation
import Testing

@Suite("The progress closure each verb gives")
struct ProgressTests {
    @Test(
        "A GET's download progress reaches 1.0, for a sized and for a chunked body",
        arguments: ["bytes/100000", "stream-bytes/100000"])
    func download(path: String) async throws {
        try await Harness.with { harness in
            harness.manager.responseSerializer = HTTPResponseSerializer()
            let log = ProgressLog()
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.get(path, progress: log.handler, success: success, failure: failure)
            }
            #expect(outcome.succeeded)
            #expect(log.values.last == 1.0)
            #expect(log.values == log.values.sorted())
        }
    }

    @Test("A 20 KB POST's upload progress reaches 1.0")
    func upload() async throws {
        try await Harness.with { harness in
            let log = ProgressLog()
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.post(
                    "post", parameters: ["payload": payload(20_000)], progress: log.handler, success: success,
                    failure: failure)
            }
            #expect(outcome.succeeded)
            #expect(try outcome.echo().bodySize > 20_000)
            #expect(log.values.last == 1.0)
        }
    }

    @Test("A multipart POST's upload progress reaches 1.0, though its body is streamed")
    func multipartUpload() async throws {
        try await Harness.with { harness in
            let log = ProgressLog()
            let (_, outcome) = try await harness.call { manager, success, failure in
                manager.post(
                    "post",
                    constructingBodyWith: { form in
                        form.appendPart(
                            withFileData: Data(payload(20_000).utf8), name: "file", fileName: "file.txt",
                            mimeType: "text/plain")
                    }, progress: log.handler, success: success, failure: failure)
            }
            #expect(outcome.succeeded)
            #expect(try outcome.echo().parts.first?.size == 20_000)
            #expect(log.values.last == 1.0)
            #expect(log.values.allSatisfy { $0 <= 1.0 })
        }
    }
}
