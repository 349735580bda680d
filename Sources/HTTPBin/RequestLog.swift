import Locking
import NIOHTTP1

/// One request as it crossed the wire: what the client really sent, after URLSession (or libcurl)
/// added, removed or rewrote headers. Tests assert on this rather than on the request they built.
public struct RecordedRequest: Sendable, Hashable {
    public struct Header: Sendable, Hashable {
        public let name: String
        public let value: String
    }

    public let method: String
    /// The request target as sent, path and query: `/get?a=1`.
    public let uri: String
    /// The path alone, still percent-encoded: `/get`.
    public let path: String
    /// In the order received, names as the client spelled them.
    public let headers: [Header]
    /// The body bytes received (for a rejected body: those received before the server gave up).
    public let bodySize: Int
    /// The request asked for `100 Continue` (`Expect: 100-continue`) and the server sent it.
    public let answeredContinue: Bool
    /// The connection it came on, numbered from 1 in the order the server accepted them: two
    /// requests with the same number came over one kept-alive connection.
    package let connection: Int

    /// The first value of a header, the name compared case-insensitively as HTTP requires.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    init(head: HTTPRequestHead, bodySize: Int, answeredContinue: Bool = false, connection: Int = 0) {
        method = head.method.rawValue
        uri = head.uri
        path = String(head.uri.prefix { $0 != "?" })
        headers = head.headers.map { Header(name: $0.name, value: $0.value) }
        self.bodySize = bodySize
        self.answeredContinue = answeredContinue
        self.connection = connection
    }
}

/// Shared by the server's connections (on its event loop thread) and the test (on any thread),
/// hence the lock. It keeps only the most recent entries so that a long-running `httpbin` or a
/// flood of requests cannot grow it without bound.
final class RequestLog: Sendable {
    private static let capacity = 10_000

    private struct Entries {
        var requests: [RecordedRequest] = []
        var protocolErrors: [String] = []
        var connectionsAccepted = 0
        var connectionsOpen = 0
    }

    private let entries = Protected(Entries())

    var requests: [RecordedRequest] { entries.withLock { $0.requests } }
    var protocolErrors: [String] { entries.withLock { $0.protocolErrors } }

    var connectionsAccepted: Int { entries.withLock { $0.connectionsAccepted } }
    var connectionsOpen: Int { entries.withLock { $0.connectionsOpen } }

    /// A new connection; returns its number.
    func connectionOpened() -> Int {
        entries.withLock { entries in
            entries.connectionsAccepted += 1
            entries.connectionsOpen += 1
            return entries.connectionsAccepted
        }
    }

    func connectionClosed() {
        entries.withLock { $0.connectionsOpen -= 1 }
    }

    func record(_ request: RecordedRequest) {
        entries.withLock { Self.append(request, to: &$0.requests) }
    }

    func recordProtocolError(_ description: String) {
        entries.withLock { Self.append(description, to: &$0.protocolErrors) }
    }

    private static func append<Element>(_ element: Element, to list: inout [Element]) {
        if list.count == capacity { list.removeFirst(capacity / 10) }
        list.append(element)
    }
}
