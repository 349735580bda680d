import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBinTLS
import HTTPSessionManager
import Locking
import PinnedTransport
import ResponseValidation
import SecurityPolicy
import SessionManager
import TestCertificates

/// What a request through a pinned manager ended with, as its completion handler saw it.
struct Outcome: Sendable, CustomStringConvertible {
    var response: HTTPURLResponse?
    var data: Data?
    var error: (any Error)?

    /// The error's code as an app reads it: `(error as? URLError)?.code`.
    var code: URLError.Code? { (error as? URLError)?.code }
    var status: Int? { response?.statusCode }
    var text: String { data.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    /// The transport's own account of the failure, kept in the error's `userInfo`.
    var failure: PinnedTransportError? {
        (error as NSError?)?.userInfo[PinnedTransportError.userInfoKey] as? PinnedTransportError
    }
    /// The body as HTTPBin's echo, when it is one.
    var echo: [String: Any]? { data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } }

    var description: String {
        "status \(status.map(String.init) ?? "none"), \(data?.count ?? 0) bytes, error \(error.map { "\($0)" } ?? "none")"
    }
}

enum Pinned {
    /// A manager whose session routes https through the policy, and completes on a queue of its own.
    static func manager(
        for server: HTTPBinTLS, _ policy: SecurityPolicy,
        configure: (URLSessionConfiguration) -> Void = { _ in }
    ) throws -> HTTPSessionManager {
        let configuration = URLSessionConfiguration.ephemeral
        configure(configuration)
        let manager = HTTPSessionManager(baseURL: server.baseURL, configuration: configuration.withPinnedHTTPS())
        manager.completionQueue = DispatchQueue(label: "test.completion")
        try manager.setSecurityPolicy(trustSettings(policy))
        return manager
    }

    /// The policy that trusts the right server: its CA's certificate pinned.
    static var pinningTheRightCA: SecurityPolicy { policy(.certificate, pinning: [pki.intermediate]) }

    /// Sends `request` through the manager, with the body as it came (no JSON parsing, any status
    /// accepted); `prepare` sees the task before it is resumed.
    static func send(
        _ manager: URLSessionManager, _ request: URLRequest, prepare: (URLSessionTask) -> Void = { _ in }
    ) async -> Outcome {
        var serializer = HTTPResponseSerializer()
        serializer.acceptableStatusCodes = nil
        serializer.maximumBodySize = nil
        return await withCheckedContinuation { continuation in
            do {
                let task = try manager.dataTask(with: request, responseSerializer: serializer) {
                    response, object, error in
                    continuation.resume(
                        returning: Outcome(response: response as? HTTPURLResponse, data: object as? Data, error: error))
                }
                prepare(task)
                manager.resume(task)
            } catch {
                continuation.resume(returning: Outcome(error: error))
            }
        }
    }

    static func get(_ manager: URLSessionManager, _ url: URL) async -> Outcome {
        await send(manager, URLRequest(url: url))
    }
}

/// An `InputStream` of `count` bytes made as they are read (never held whole), that counts what
/// was read, and fails with an error after `failingAfter` bytes when that is set.
final class CountingStream: InputStream {
    private let count: Int
    private let failingAfter: Int?
    let bytesRead = Protected(0)
    private var failed = false

    init(count: Int, failingAfter: Int? = nil) {
        self.count = count
        self.failingAfter = failingAfter
        super.init(data: Data())
    }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { bytesRead.withLock { $0 } < count }
    override var streamStatus: Stream.Status { failed ? .error : .open }
    override var streamError: (any Error)? {
        failed
            ? NSError(domain: "CountingStream", code: 1, userInfo: [NSLocalizedDescriptionKey: "the disk went away"])
            : nil
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let done = bytesRead.withLock { $0 }
        if let failingAfter, done >= failingAfter {
            failed = true
            return -1
        }
        let limit = min(length, count - done, (failingAfter ?? Int.max) - done)
        guard limit > 0 else { return 0 }
        for index in 0..<limit { buffer[index] = UInt8(truncatingIfNeeded: done + index) }
        bytesRead.withLock { $0 += limit }
        return limit
    }
}
