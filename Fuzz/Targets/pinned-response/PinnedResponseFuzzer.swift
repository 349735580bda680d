// Chapter 12's transport reading what a server sends: the input is a whole HTTP response, which
// HTTPBin's TLS listener sends back byte for byte (`/fault/raw`) to a request made through a pinned
// manager, as an app makes it. SwiftNIO parses it, the transport decodes, follows, stores cookies,
// and hands it to URLSession; the manager completes the task. A trap anywhere in this process,
// FoundationNetworking's client included, is a crash of this target.
//
// Properties: whatever the bytes, the task completes once, within the request's timeout and a
// margin, with a response or with an error of NSURLErrorDomain (never another domain: an app
// tests `URLError`), and a completed response is an HTTPURLResponse with a real status.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FuzzSupport
import HTTPBinTLS
import Locking
import PinnedTransport
import ResponseValidation
import SecurityPolicy
import SessionManager
import TestCertificates

/// One server and one manager for the whole run: the manager keeps a connection pool, as an app's does.
let (server, manager): (HTTPBinTLS, URLSessionManager) = {
    final class Box: @unchecked Sendable {
        var result: Result<HTTPBinTLS, any Error>?
    }
    let box = Box()
    let started = DispatchSemaphore(value: 0)
    let pki = TestPKI.shared
    Task {
        do {
            let chain = [pki.localhostLeaf, pki.intermediate]
            box.result = .success(try await HTTPBinTLS.start(chain: chain.map(\.der), privateKeyPEM: chain[0].privateKeyPEM))
        } catch {
            box.result = .failure(error)
        }
        started.signal()
    }
    started.wait()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 3
    let manager = URLSessionManager(configuration: configuration.withPinnedHTTPS())
    manager.completionQueue = DispatchQueue(label: "fuzz.completion")
    // Every response that arrives whole is a success, whatever its status and type: the manager's
    // default JSON serializer would refuse most with an error of its own domain, and hide the
    // transport's errors, which are what this target judges.
    var serializer = HTTPResponseSerializer()
    serializer.acceptableStatusCodes = nil
    manager.responseSerializer = serializer
    let policy = SecurityPolicy(pinningMode: .certificate, pinnedCertificates: [pki.intermediate.data])
    try! manager.setSecurityPolicy(
        TrustSettings(policy: policy, roots: .certificates(pki.systemRoots.map(\.data)), verifyDate: TestCertificates.evaluationTime))
    return (try! box.result!.get(), manager)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPinnedResponse(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var request = URLRequest(url: server.url("/fault/raw"))
    request.httpMethod = "POST"
    request.httpBody = Data(fuzzBytes(start, count))
    let outcomes = Protected<[(URLResponse?, (any Error)?)]>([])
    let done = DispatchSemaphore(value: 0)
    let task = try! manager.dataTask(with: request, completionHandler: { response, _, error in
        outcomes.withLock { $0.append((response, error)) }
        done.signal()
    })
    manager.resume(task)
    check(done.wait(timeout: .now() + 8) == .success, "the task did not complete within 8 s (its timeout is 3 s)")
    Thread.sleep(forTimeInterval: 0.001)  // room for a second, wrong, completion
    let all = outcomes.withLock { $0 }
    check(all.count == 1, "the task completed \(all.count) times")
    let (response, error) = all[0]
    if let error {
        check((error as NSError).domain == NSURLErrorDomain, "an error outside NSURLErrorDomain: \(error)")
    } else {
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        check((100...999).contains(status), "a success without a real status: \(String(describing: response))")
    }
    return 0
}
