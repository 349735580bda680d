import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A 200 response with `contentType`, from a made-up API.
func response(_ contentType: String?) -> HTTPURLResponse {
    response(200, contentType)
}

/// A response of `status` with `contentType`.
func response(_ status: Int, _ contentType: String?) -> HTTPURLResponse {
    let url = URL(string: "https://api.example.com/feed")!
    return HTTPURLResponse(
        url: url, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: contentType.map { ["Content-Type": $0] } ?? [:])!
}

/// JSON text for a Foundation object, keys sorted, for comparing parsed objects as text.
func canonicalJSON(_ object: Any?) -> String? {
    guard let object,
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
}

/// Runs `body` on a thread of its own with `stackSize` bytes of stack, and returns when it is done.
/// It awaits rather than blocking on a semaphore, so no thread of the test pool waits meanwhile.
func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            body()
            done.resume()
        }
        thread.stackSize = stackSize
        thread.start()
    }
}
