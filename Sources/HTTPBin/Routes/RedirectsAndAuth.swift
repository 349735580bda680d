import Foundation
import NIOHTTP1

extension Routes {
    /// `/redirect/3` → `/redirect/2` → `/redirect/1` → `/get`, each a 302 with a relative Location.
    static func redirect(_ request: Request, _ parameters: [String: String]) throws(BadRequest) -> Reply {
        let remaining = try Parameter.integer(parameters["n"], name: "n", in: 1...100)
        let location = remaining == 1 ? "/get" : "/redirect/\(remaining - 1)"
        return [.respond(Response(.found, headers: ["Location": location]))]
    }

    static func redirectTo(_ request: Request, _: [String: String]) throws(BadRequest) -> Reply {
        guard let location = request.queryValue("url"), !location.isEmpty, !location.contains(where: \.isNewline) else {
            throw BadRequest("url must be given, on one line")
        }
        let status = try request.integer(query: "status", default: 302, in: 300...399)
        return [.respond(Response(HTTPResponseStatus(statusCode: status), headers: ["Location": location]))]
    }

    private struct Authentication: Encodable {
        let authenticated: Bool
        let user: String?
    }

    /// The 401 carries `WWW-Authenticate: Basic`, which makes URLSession ask its delegate for a
    /// credential. On Linux (FoundationNetworking 6.3.1) the task then hangs, past any timeout,
    /// unless the challenge is answered with a credential or a cancellation: see the tests.
    static func basicAuth(_ request: Request, _ parameters: [String: String]) -> Reply {
        let user = parameters["user"] ?? ""
        let password = parameters["password"] ?? ""
        guard let credentials = basicCredentials(request.header("authorization")), credentials == "\(user):\(password)"
        else {
            let challenge: HTTPHeaders = ["WWW-Authenticate": "Basic realm=\"HTTPBin\""]
            var response = Response(.unauthorized, json: Authentication(authenticated: false, user: nil))
            response.headers.add(contentsOf: challenge)
            return [.respond(response)]
        }
        return [.respond(Response(json: Authentication(authenticated: true, user: user)))]
    }

    /// httpbin.org's hidden variant: no challenge, a 404 instead of a 401, so a client gets in only
    /// by sending `Authorization` with its first request (AFNetworking's
    /// `setAuthorizationHeaderFieldWithUsername:password:` exists for such servers).
    static func hiddenBasicAuth(_ request: Request, _ parameters: [String: String]) -> Reply {
        let user = parameters["user"] ?? ""
        guard basicCredentials(request.header("authorization")) == "\(user):\(parameters["password"] ?? "")" else {
            return [.respond(Response(.notFound, json: Authentication(authenticated: false, user: nil)))]
        }
        return [.respond(Response(json: Authentication(authenticated: true, user: user)))]
    }

    /// `Authorization: Basic base64(user:password)`; the scheme name is case-insensitive.
    private static func basicCredentials(_ header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return String(bytes: decoded, encoding: .utf8)
    }
}
