import Foundation
import NIOHTTP1

/// httpbin's cookie routes: what a client's cookie storage sends, and a redirect that sets some.
extension Routes {
    /// `{"cookies": {"name": "value"}}`: the cookies the request carried.
    static func cookies(_ request: Request, _: [String: String]) -> Reply {
        var cookies: [String: String] = [:]
        for field in request.head.headers["cookie"] {
            for pair in field.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if let name = parts.first, !name.isEmpty { cookies[name] = parts.count > 1 ? parts[1] : "" }
            }
        }
        return [.respond(Response(json: ["cookies": cookies]))]
    }

    /// `/cookies/set?a=1&b=2`: a 302 to `/cookies` with one `Set-Cookie` line per pair (path `/`).
    static func setCookies(_ request: Request, _: [String: String]) throws(BadRequest) -> Reply {
        var headers: HTTPHeaders = ["Location": "/cookies"]
        for (name, value) in request.query {
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
                value.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != ";" && $0 != "," && !$0.isNewline })
            else { throw BadRequest("a cookie must be a token name and a plain value, not \(name)=\(value)") }
            headers.add(name: "Set-Cookie", value: "\(name)=\(value); Path=/")
        }
        return [.respond(Response(.found, headers: headers))]
    }
}
