import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import HTTPSessionManager
import Locking
import PinnedTransport
import SecurityPolicy
import Testing

/// Request bodies streamed as URLSession streams them: read as they are sent, never whole, and a
/// stream that fails fails the request, with nothing reported (or received) as a whole body.
@Suite("Streamed request bodies")
struct BodyStreamTests {
    static func post(_ url: URL, stream: InputStream) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBodyStream = stream
        return request
    }

    @Test("A body stream is sent whole, chunked, and the server gets every byte")
    func streamedWhole() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let stream = CountingStream(count: 3_000_000)
            let outcome = await Pinned.send(manager, Self.post(server.url("/post"), stream: stream))
            #expect(outcome.status == 200, "\(outcome)")
            #expect(outcome.echo?["bodySize"] as? Int == 3_000_000)
            #expect((outcome.echo?["headers"] as? [String: String])?["transfer-encoding"] == "chunked")
        }
    }

    @Test("Upload progress reaches the manager's progress handler, as URLSession reports it, up to the whole body")
    func uploadProgress() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            var request = URLRequest(url: server.url("/post"))
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 7, count: 1_000_000)
            let seen = Protected<[Int64]>([])
            let done = await withCheckedContinuation { continuation in
                do {
                    let task = try manager.dataTask(
                        with: request,
                        uploadProgress: { progress in
                            seen.withLock { $0.append(progress.completedUnitCount) }
                        },
                        completionHandler: { _, _, error in continuation.resume(returning: error == nil) })
                    manager.resume(task)
                } catch {
                    continuation.resume(returning: false)
                }
            }
            #expect(done)
            #expect(seen.withLock { $0.last } == 1_000_000, "the handler saw \(seen.withLock { $0 })")
        }
    }

    @Test("A stream that fails after 64 KiB fails the request: the server never gets a whole request")
    func failingStream() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let manager = try Pinned.manager(for: server, Pinned.pinningTheRightCA)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let stream = CountingStream(count: 1_000_000, failingAfter: 65_536)
            let outcome = await Pinned.send(manager, Self.post(server.url("/post"), stream: stream))
            #expect(outcome.code == .requestBodyStreamExhausted, "\(outcome)")
            let userInfo = (outcome.error as NSError?)?.userInfo ?? [:]
            #expect("\(userInfo)".contains("the disk went away"), "the stream's own error, underneath: \(userInfo)")
            #expect(server.server.requests.isEmpty, "the cut body must not reach the server as a request")
        }
    }

    @Test("Back-pressure: a server that stops reading stops the reading of a 200 MB stream, well within 32 MB")
    func backPressure() async throws {
        try await TLSServer.with(TLSServer.right) { server in
            // Warmed, so that no slow handshake counts against the short idle limit below.
            let manager = try await TimeoutTests.warmed(server)
            defer { manager.invalidateSession(cancelingTasks: true) }
            let stream = CountingStream(count: 200 << 20)
            var request = Self.post(server.url("/fault/stop-reading"), stream: stream)
            request.timeoutInterval = 5
            let outcome = await TimeoutTests.send(manager, request, deadline: 30)
            #expect(outcome.code == .timedOut, "the upload stalls, and its idle limit ends it: \(outcome)")
            let read = stream.bytesRead.withLock { $0 }
            #expect(read < 32 << 20, "read \(read) bytes ahead of a server that reads nothing")
            #expect(read > 0)
        }
    }

    @Test("A stream shorter or longer than its Content-Length fails the request", arguments: [100, 300])
    func lengthMismatch(count: Int) async throws {
        try await TLSServer.with(TLSServer.right) { server in
            let client = PinnedHTTPClient(trust: trustSettings(Pinned.pinningTheRightCA))
            var request = Self.post(server.url("/post"), stream: CountingStream(count: count))
            request.setValue("200", forHTTPHeaderField: "Content-Length")
            let error = await #expect(throws: PinnedTransportError.self) { try await client.send(request) }
            #expect(error?.code == .requestBodyStreamExhausted, "\(String(describing: error))")
            #expect(server.server.requests.isEmpty)
        }
    }
}
