import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOHTTP1

/// A `URLRequest` as HTTP/1.1: the head with `Host`, `Content-Length` and `Connection: close`
/// (one request per connection), and the body, read whole from a stream if it comes as one.
enum RequestWriting {
    static func parts(of request: URLRequest, url: URL, host: String, port: Int) -> (HTTPRequestHead, [UInt8]?) {
        let body = request.httpBody ?? request.httpBodyStream.map(readAll)
        var headers = HTTPHeaders()
        for (name, value) in request.allHTTPHeaderFields ?? [:]
        where !["host", "content-length", "connection"].contains(name.lowercased()) {
            headers.add(name: name, value: value)
        }
        headers.replaceOrAdd(name: "Host", value: port == 443 ? host : "\(host):\(port)")
        headers.replaceOrAdd(name: "Connection", value: "close")
        if let body { headers.replaceOrAdd(name: "Content-Length", value: String(body.count)) }
        // As sent: `url.path` would decode `%2F` and friends.
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let head = HTTPRequestHead(
            version: .http1_1, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), uri: target, headers: headers)
        return (head, body.map(Array.init))
    }

    static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
