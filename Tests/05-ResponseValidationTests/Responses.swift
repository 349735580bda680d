import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Responses as a server would send them, for the tests of this target.
enum Responses {
    static let url = URL(string: "https://api.example.com/users/7")!

    static func http(_ status: Int, contentType: String? = nil) -> HTTPURLResponse {
        let headers = contentType.map { ["Content-Type": $0] } ?? [:]
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    static let body = Data(#"{"error":"email taken"}"#.utf8)
}
