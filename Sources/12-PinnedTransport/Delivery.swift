import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import SessionManager

/// How the client's events reach URLSession, as FoundationNetworking's client takes them (Swift
/// 6.3.1, `URLSessionTask.swift`, `_ProtocolClient`), which is not always as its documentation
/// says:
/// - `didLoad` goes to the data delegate chunk by chunk, but a task with a completion handler
///   keeps only the last chunk it was given: so the manager's own tasks (made without a handler)
///   get the body as it arrives, any other task gets it whole, at the end;
/// - `wasRedirectedTo` stops the process (`fatalError`: "doesn't currently handle redirects
///   directly"): so the protocol asks the session's delegate itself, on its delegate queue, as
///   FoundationNetworking's own HTTP protocol does;
/// - a 401 with `WWW-Authenticate` makes the client ask for a credential and send the request
///   again through its own libcurl protocol, which checks the system's CA bundle and never this
///   policy: so a 401 is reported without that header, and completes as a 401.
struct Delivery: Sendable {
    let report: Reporter
    let manager: URLSessionManager
    let task: URLSessionTask?

    /// Whether the task is one the manager made (it has a row in the manager's table, and the
    /// description the manager gives its tasks): only those surely have no completion handler.
    /// A task made on the session directly may have a row too (a new session's tasks are
    /// adopted), and an app may relabel a task of the manager's: those get their body in one
    /// piece, whole, and only their progress is coarser. The policy never depends on this.
    var chunked: Bool {
        guard let task else { return false }
        return manager.taskTable.delegate(for: task) != nil
            && task.taskDescription == manager.taskDescriptionForSessionTasks
    }

    var events: PinnedHTTPClient.Events {
        let whole = Protected(Data())
        let chunked = chunked
        var events = PinnedHTTPClient.Events(
            response: { response in
                report {
                    $0.urlProtocol($1, didReceive: Self.withoutChallenge(response), cacheStoragePolicy: .notAllowed)
                }
            },
            body: { [chunked] data in
                if chunked { report { $0.urlProtocol($1, didLoad: data) } } else { whole.withLock { $0.append(data) } }
            },
            finished: { [chunked] error in
                if let error { return report.fail(error) }
                let body = whole.withLock { $0 }
                report { client, owner in
                    if !chunked { client.urlProtocol(owner, didLoad: body) }
                    client.urlProtocolDidFinishLoading(owner)
                }
            },
            redirect: { response, proposal, answer in askDelegate(response, proposal, answer) })
        if chunked { events.sent = { bytes, total, expected in tellSent(bytes, total, expected) } }
        return events
    }

    /// Upload progress: the manager's `didSendBodyData`, on its delegate queue, which is where
    /// chapter 8's task delegate moves the upload progress. (No `URLProtocolClient` call reports
    /// sent bytes; FoundationNetworking's own protocol calls the delegate the same way.)
    private func tellSent(_ bytes: Int64, _ total: Int64, _ expected: Int64) {
        guard let task else { return }
        manager.operationQueue.addOperation { [manager] in
            manager.urlSession(
                manager.session, task: task, didSendBodyData: bytes, totalBytesSent: total,
                totalBytesExpectedToSend: expected)
        }
    }

    // listing: redirect-to-delegate
    /// Chapter 9's redirection hook decides: the manager's `willPerformHTTPRedirection`, called on
    /// its delegate queue as URLSession calls it. Without a task (never, in practice) the
    /// redirect is followed, as URLSession follows it for a session without a delegate.
    private func askDelegate(
        _ response: HTTPURLResponse, _ proposal: URLRequest, _ answer: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let task else { return answer(proposal) }
        manager.operationQueue.addOperation { [manager] in
            manager.urlSession(
                manager.session, task: task, willPerformHTTPRedirection: response, newRequest: proposal,
                completionHandler: answer)
        }
    }
    // end-listing

    /// The response without `WWW-Authenticate` when it is a 401 (see above); unchanged otherwise.
    static func withoutChallenge(_ response: HTTPURLResponse) -> HTTPURLResponse {
        guard response.statusCode == 401, response.value(forHTTPHeaderField: "WWW-Authenticate") != nil,
            let url = response.url
        else { return response }
        var fields = response.allHeaderFields as? [String: String] ?? [:]
        for name in fields.keys where name.lowercased() == "www-authenticate" { fields.removeValue(forKey: name) }
        return HTTPURLResponse(url: url, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: fields) ?? response
    }
}
