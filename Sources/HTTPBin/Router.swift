import Foundation
import NIOHTTP1

/// The route handlers: one extension per family of routes, in `Routes/`.
enum Routes {}

/// Every route of the server in one table, which is also the documentation: `GET /` prints it.
/// The handlers live in `Routes/`, one file per family. All durations are milliseconds.
enum Router {
    struct Route: Sendable {
        /// Segments to match; `{name}` captures one segment, a final `*` any number (zero included).
        let pattern: String
        /// The methods allowed, or none for any method.
        let methods: [HTTPMethod]
        let summary: String
        let handle: @Sendable (Request, _ parameters: [String: String]) throws(BadRequest) -> Reply
    }

    static let routes: [Route] = [
        Route(pattern: "/", methods: [.GET, .HEAD], summary: "this list", handle: { _, _ in index() }),
        Route(pattern: "/get", methods: [.GET, .HEAD], summary: "echo (see below)", handle: Routes.echo),
        Route(pattern: "/post", methods: [.POST], summary: "echo", handle: Routes.echo),
        Route(pattern: "/put", methods: [.PUT], summary: "echo", handle: Routes.echo),
        Route(pattern: "/patch", methods: [.PATCH], summary: "echo", handle: Routes.echo),
        Route(pattern: "/delete", methods: [.DELETE], summary: "echo", handle: Routes.echo),
        Route(
            pattern: "/anything/*", methods: [],
            summary:
                "echo, any method: method, uri, path, query and args, headers, body (text or base64), form, multipart parts",
            handle: Routes.echo),
        Route(
            pattern: "/status/{code}", methods: [], summary: "an empty response with that status (200-599)",
            handle: Routes.status),
        Route(pattern: "/headers", methods: [], summary: "the request headers as JSON", handle: Routes.headers),
        Route(pattern: "/user-agent", methods: [], summary: "the User-Agent as JSON", handle: Routes.userAgent),
        Route(pattern: "/json", methods: [], summary: "a JSON document (with nulls)", handle: Routes.document(.json)),
        Route(pattern: "/xml", methods: [], summary: "an XML document", handle: Routes.document(.xml)),
        Route(pattern: "/plist", methods: [], summary: "an XML property list", handle: Routes.document(.plist)),
        Route(pattern: "/html", methods: [], summary: "an HTML page", handle: Routes.document(.html)),
        Route(
            pattern: "/response", methods: [],
            summary:
                "?status=200&content-type=&body=&header=Name:%20value: exactly that (no Content-Type unless given)",
            handle: Routes.chosenResponse),
        Route(
            pattern: "/bytes/{n}", methods: [], summary: "n pseudo-random bytes, ?seed=0 (at most 64 MiB)",
            handle: Routes.bytes),
        Route(
            pattern: "/stream-bytes/{n}", methods: [], summary: "n bytes, chunked, ?chunk_size=10240&seed=0",
            handle: Routes.streamBytes),
        Route(
            pattern: "/drip", methods: [],
            summary: "?bytes=10&duration=1000&delay=0&status=200: bytes spread over duration",
            handle: Routes.drip),
        Route(
            pattern: "/delay/{ms}", methods: [], summary: "echo after ms milliseconds (at most 60000)",
            handle: Routes.delay),
        Route(pattern: "/redirect/{n}", methods: [], summary: "302 n times, then /get", handle: Routes.redirect),
        Route(
            pattern: "/redirect-to", methods: [], summary: "?url=&status=302: a redirect to url",
            handle: Routes.redirectTo),
        Route(
            pattern: "/basic-auth/{user}/{password}", methods: [],
            summary: "200 with those credentials, else 401 with a Basic challenge", handle: Routes.basicAuth),
        Route(
            pattern: "/hidden-basic-auth/{user}/{password}", methods: [],
            summary: "200 with those credentials, else 404 and no challenge", handle: Routes.hiddenBasicAuth),
        Route(
            pattern: "/image/png", methods: [], summary: "a PNG, ?fixture=small (others: see Fixtures/)",
            handle: Routes.image(.png)),
        Route(pattern: "/image/jpeg", methods: [], summary: "a JPEG, ?fixture=small", handle: Routes.image(.jpeg)),
        Route(
            pattern: "/image/numbered/{n}", methods: [],
            summary:
                "PNG number n (0-65535), every pixel R=n/256 G=n%256 B=128; ?size=16 (1-1024 pixels a side)&delay=0 (ms)",
            handle: Routes.numberedImage),
        Route(pattern: "/gzip", methods: [], summary: "echo with Content-Encoding: gzip", handle: Routes.gzip),
        Route(
            pattern: "/deflate", methods: [], summary: "echo with Content-Encoding: deflate (zlib)",
            handle: Routes.deflate),
        Route(
            pattern: "/gzip-bomb/{n}", methods: [],
            summary: "n zero bytes gzip-compressed about 160 times (at most 64 MiB)",
            handle: Routes.gzipBomb),
        Route(
            pattern: "/cookies", methods: [], summary: "the cookies the request carried, as JSON",
            handle: Routes.cookies),
        Route(
            pattern: "/cookies/set", methods: [], summary: "?name=value&…: a 302 to /cookies setting each cookie",
            handle: Routes.setCookies),
        Route(pattern: "/fault/{name}", methods: [], summary: "a fault mode (listed below)", handle: Routes.fault),
    ]

    static func reply(to request: Request) -> Reply {
        for route in routes {
            guard let parameters = match(route.pattern, request.segments) else { continue }
            guard route.methods.isEmpty || route.methods.contains(request.method) else {
                let allowed = route.methods.map(\.rawValue).joined(separator: ", ")
                var response = Response.clientError(
                    "\(request.method.rawValue) is not allowed here", status: .methodNotAllowed)
                response.headers.add(name: "Allow", value: allowed)
                return [.respond(response)]
            }
            do {
                return try route.handle(request, parameters)
            } catch {
                return [.respond(.clientError(error.message, status: error.status))]
            }
        }
        return [.respond(.clientError("no route for \(request.path); GET / lists them", status: .notFound))]
    }

    private static func match(_ pattern: String, _ segments: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        let expected = pattern.split(separator: "/")
        for (index, piece) in expected.enumerated() {
            if piece == "*" { return parameters }
            guard index < segments.count else { return nil }
            if piece.hasPrefix("{") {
                parameters[String(piece.dropFirst().dropLast())] = segments[index]
            } else if piece != segments[index] {
                return nil
            }
        }
        return segments.count == expected.count ? parameters : nil
    }

    private static func index() -> Reply {
        var text = "HTTPBin: an httpbin-style server for tests. Routes:\n\n"
        for route in routes {
            let methods = route.methods.isEmpty ? "ANY" : route.methods.map(\.rawValue).joined(separator: ",")
            text += pad(methods, 9) + pad(route.pattern, 31) + route.summary + "\n"
        }
        text += "\nFault modes, at /fault/{name}:\n"
        for fault in Fault.allCases {
            text += "  \(fault.rawValue)\n"
        }
        return [.respond(Response(text: text))]
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }
}
