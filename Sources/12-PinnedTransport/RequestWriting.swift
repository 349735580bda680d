import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOHTTP1

/// Where a request's body comes from: nothing, bytes in memory, or a stream read as it is sent.
enum RequestBody: @unchecked Sendable {  // an InputStream is read by one party at a time
    case none
    case data(Data)
    case stream(InputStream, length: Int?)

    init(_ request: URLRequest) {
        if let data = request.httpBody {
            self = .data(data)
        } else if let stream = request.httpBodyStream {
            self = .stream(stream, length: request.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init))
        } else {
            self = .none
        }
    }

    /// How many bytes the body has, or -1 when nobody knows (a stream without `Content-Length`).
    var expectedLength: Int64 {
        switch self {
        case .none: 0
        case .data(let data): Int64(data.count)
        case .stream(_, let length): length.map(Int64.init) ?? -1
        }
    }

    /// A stream is read once: a request with one cannot be sent again (retried, or redirected
    /// with its body).
    var canBeSentAgain: Bool {
        if case .stream = self { false } else { true }
    }
}

/// A `URLRequest` as an HTTP/1.1 request head, with the headers URLSession adds.
enum RequestWriting {
    /// Headers the transport sets itself: framing and the connection are the connection's business.
    private static let managed: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive",
    ]

    // listing: request-head
    /// The request's own headers, then the configuration's `httpAdditionalHeaders` for names it
    /// does not set (URLSession's order of precedence), `Host`, the framing, `Accept-Encoding`
    /// (what the decoder can undo) and the cookies. No `Connection: close`: the connection is
    /// kept for the next request unless the request itself asks to close it.
    static func head(
        of request: URLRequest, url: URL, body: RequestBody, additional: [String: String], cookie: String?
    ) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        for (name, value) in request.allHTTPHeaderFields ?? [:] where !managed.contains(name.lowercased()) {
            headers.add(name: name, value: value)
        }
        for (name, value) in additional where !headers.contains(name: name) && !managed.contains(name.lowercased()) {
            headers.add(name: name, value: value)
        }
        headers.add(name: "Host", value: hostField(of: url))
        if request.value(forHTTPHeaderField: "Connection")?.lowercased() == "close" {
            headers.add(name: "Connection", value: "close")
        }
        switch body {
        case .data(let data): headers.add(name: "Content-Length", value: String(data.count))
        case .stream(_, let length?): headers.add(name: "Content-Length", value: String(length))
        case .stream(_, nil): headers.add(name: "Transfer-Encoding", value: "chunked")
        case .none where ["POST", "PUT", "PATCH"].contains(method(of: request).rawValue):
            headers.add(name: "Content-Length", value: "0")
        case .none: break
        }
        if !headers.contains(name: "Accept-Encoding") { headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        if let cookie { headers.add(name: "Cookie", value: cookie) }
        return HTTPRequestHead(version: .http1_1, method: method(of: request), uri: target(of: url), headers: headers)
    }
    // end-listing

    static func method(of request: URLRequest) -> HTTPMethod {
        HTTPMethod(rawValue: request.httpMethod ?? "GET")
    }

    /// Path and query as the URL spells them: `url.path` would decode `%2F` and friends.
    static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        return target
    }

    /// `host`, `host:port` when the port is not https's, an IPv6 address in brackets.
    static func hostField(of url: URL) -> String {
        let host = url.host ?? ""
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let port = url.port, port != 443 else { return name }
        return "\(name):\(port)"
    }
}
