import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOHTTP1

// listing: response-head
extension HTTPResponseHead {
    /// The response as URLSession shows it. A header that comes several times is one field whose
    /// values are joined by ", " in the order they came, as URLSession joins them (on Linux and on
    /// Apple platforms); names are grouped whatever their case, so that `set-cookie` and
    /// `Set-Cookie` lines are not two fields of which `HTTPURLResponse` would keep only one.
    func urlResponse(for url: URL) -> HTTPURLResponse? {
        var fields: [String: String] = [:]
        var spelling: [String: String] = [:]  // lowercased name → the first spelling seen
        for (name, value) in headers {
            let key = spelling[name.lowercased(), default: name]
            spelling[name.lowercased()] = key
            fields[key] = fields[key].map { "\($0), \(value)" } ?? value
        }
        return HTTPURLResponse(
            url: url, statusCode: Int(status.code), httpVersion: "HTTP/\(version.major).\(version.minor)",
            headerFields: fields)
    }
}
// end-listing
