import Foundation
import HTTPBin
import Locking
import NIOCore
import NIOPosix

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// True where URLSession is FoundationNetworking over libcurl (Linux): the behaviours documented in
/// `LinuxBehaviourTests` are measured there and differ on Apple platforms.
#if canImport(FoundationNetworking)
let onFoundationNetworking = true
#else
let onFoundationNetworking = false
#endif

/// Starts a server for the duration of `body`, and always shuts it down.
func withServer(
    _ configuration: HTTPBin.Configuration = HTTPBin.Configuration(),
    _ body: (HTTPBin) async throws -> Void
) async throws {
    let server = try await HTTPBin.start(configuration)
    do {
        try await body(server)
        try await server.shutdown()
    } catch {
        try await server.shutdown()
        throw error
    }
}

/// One session for the whole test process: sessions are costly on Linux (each one is a libcurl
/// multi handle with its own thread). Ephemeral, so no cookie or cache couples two tests.
let session = URLSession(configuration: .ephemeral)

/// What came back for one request.
struct Fetched: Sendable {
    let data: Data
    let response: HTTPURLResponse

    var status: Int { response.statusCode }
    var text: String { String(decoding: data, as: UTF8.self) }

    func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }

    func echo() throws -> HTTPBin.Echo { try JSONDecoder().decode(HTTPBin.Echo.self, from: data) }
}

/// A request through URLSession's completion-handler API, bounded by the request's timeout (5 s
/// unless `timeout` says otherwise). Not `data(for:)`: cancelling that one can deadlock on Linux.
func fetch(_ request: URLRequest, timeout: TimeInterval = 5) async throws -> Fetched {
    var request = request
    request.timeoutInterval = timeout
    return try await withCheckedThrowingContinuation { continuation in
        session.dataTask(with: request) { data, response, error in
            if let error {
                continuation.resume(throwing: error)
            } else if let response = response as? HTTPURLResponse {
                continuation.resume(returning: Fetched(data: data ?? Data(), response: response))
            } else {
                continuation.resume(throwing: URLError(.badServerResponse))
            }
        }.resume()
    }
}

func fetch(
    _ url: URL, method: String = "GET", body: Data? = nil, headers: [String: String] = [:], timeout: TimeInterval = 5
)
    async throws -> Fetched
{
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return try await fetch(request, timeout: timeout)
}

/// The `URLError` code a failed fetch threw, for `#expect(... == .timedOut)`.
func urlErrorCode(_ operation: () async throws -> Fetched) async -> URLError.Code? {
    do {
        _ = try await operation()
        return nil
    } catch {
        return urlErrorCode(of: error)
    }
}

/// FoundationNetworking hands out `NSError`s in `NSURLErrorDomain`; they bridge to `URLError`.
func urlErrorCode(of error: any Error) -> URLError.Code? {
    (error as? URLError)?.code
}

/// A value delivered once, from a callback, that a test awaits for a bounded time: how the tests
/// observe that something did NOT happen (a hang) without hanging themselves.
final class Outcome<Value: Sendable>: Sendable {
    private let value = Protected<Value?>(nil)

    /// Keeps the first value only: a completion that comes twice is not this class's business.
    func resolve(_ newValue: Value) {
        value.withLock { current in
            if current == nil { current = newValue }
        }
    }

    /// The value, or `nil` if it did not come within `seconds`. Polling every 10 ms is crude but
    /// obviously bounded, and it never blocks a thread of the cooperative pool.
    func wait(upTo seconds: Double) async -> Value? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if let current = value.withLock({ $0 }) { return current }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return value.withLock { $0 }
    }
}

/// Talks to the server below HTTP: sends `bytes` on a fresh TCP connection and returns everything
/// the server sends back until it closes the connection, or until `timeout`. For malformed input
/// that URLSession would never produce.
func exchangeRawBytes(_ bytes: [UInt8], port: Int, timeout: TimeAmount = .seconds(3)) async throws -> RawReply {
    let received = Protected(ByteBuffer())
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(Collector(received: received))
            }
        }
        .connect(host: "127.0.0.1", port: port)
        .get()
    try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    let deadline = channel.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    try await channel.closeFuture.get()
    deadline.cancel()
    return RawReply(bytes: received.withLock { Array($0.readableBytesView) })
}

func exchangeRawText(_ text: String, port: Int) async throws -> RawReply {
    try await exchangeRawBytes(Array(text.utf8), port: port)
}

struct RawReply {
    let bytes: [UInt8]

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes after the first empty line: the body of the first response.
    var body: ArraySlice<UInt8> {
        let end = Array("\r\n\r\n".utf8)
        guard let index = bytes.indices.first(where: { bytes[$0...].starts(with: end) }) else { return [] }
        return bytes[(index + 4)...]
    }
}

private final class Collector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let received: Protected<ByteBuffer>

    init(received: Protected<ByteBuffer>) { self.received = received }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.withLock { _ = $0.writeBuffer(&bytes) }
    }
}

/// For code that runs in a child process (an exit test): ends the process with `exitCode` after
/// `seconds`, whatever its threads are doing, so that a hang or a deadlock cannot outlive the test.
/// `_exit` rather than `exit`: a deadlocked thread may hold a lock that exit's clean-up would need.
enum Watchdog {
    static let fired: Int32 = 70
    /// What a child process exits with when the trap it probes for did not happen (a toolchain
    /// that fixed it): not 0, so that one `processExitsWith: .failure` sees every outcome.
    static let behaved: Int32 = 71

    static func arm(after seconds: Double) {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: seconds)
            _exit(fired)
        }
    }
}
