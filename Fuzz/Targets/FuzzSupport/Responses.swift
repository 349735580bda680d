import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP response as URLSession would hand it to a serializer: a status and headers, from a
/// made-up server (the body travels beside it).
public func response(status: Int = 200, contentType: String?) -> HTTPURLResponse {
    let url = URL(string: "https://api.example.com/fuzz")!
    let headers = contentType.map { ["Content-Type": $0] } ?? [:]
    return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
}

/// Content types a server might send, for targets whose subject is the body, not the header.
public let commonContentTypes: [String?] = [
    nil, "application/json", "application/json; charset=utf-8", "text/json; charset=\"UTF-16\"",
    "text/javascript; charset=iso-8859-1", "application/json; charset=utf-32le", "application/json; charset=shift_jis",
    "application/json; charset=x-unknown", "application/xml", "text/xml; charset=utf-8", "application/x-plist",
    "text/plain", "image/png", "image/jpeg", "application/octet-stream", "",
]

/// Status codes that take each of chapter 5's paths: accepted, refused but parsed, odd.
public let commonStatusCodes = [200, 201, 204, 304, 404, 422, 500, 199, 600]
