import Foundation
import NIOCore
import NIOHTTP1

extension HTTPBin {
    /// The JSON body of `/get`, `/post`, `/put`, `/patch`, `/delete`, `/anything`, `/delay/{ms}`
    /// and `/gzip`: what the server received. Public so that a test can decode it:
    ///
    /// ```swift
    /// let echo = try JSONDecoder().decode(HTTPBin.Echo.self, from: data)
    /// #expect(echo.args["q"] == ["swift"])
    /// ```
    public struct Echo: Codable, Sendable, Equatable {
        public struct Part: Codable, Sendable, Equatable {
            public var name: String
            public var filename: String?
            public var contentType: String?
            public var size: Int

            public init(name: String, filename: String? = nil, contentType: String? = nil, size: Int) {
                self.name = name
                self.filename = filename
                self.contentType = contentType
                self.size = size
            }
        }

        public var method: String
        /// The request target as sent: `/anything/x?a=1`.
        public var uri: String
        public var path: String
        /// The query string undecoded, `""` when there is none.
        public var query: String
        /// The query decoded. Every value is a list, because a name may repeat (`a=1&a=2`).
        public var args: [String: [String]]
        /// Names lowercased (they are case-insensitive); a repeated header's values joined by ", ".
        public var headers: [String: String]
        /// The body as UTF-8 text, or base64 when it is not valid UTF-8 (see `bodyEncoding`).
        public var body: String
        /// `"utf-8"` or `"base64"`.
        public var bodyEncoding: String
        public var bodySize: Int
        /// Fields of a `application/x-www-form-urlencoded` body, and the non-file parts of a
        /// `multipart/form-data` body.
        public var form: [String: [String]]
        /// Every part of a `multipart/form-data` body, in order.
        public var parts: [Part]

        /// The body's bytes, whichever way they were encoded.
        public var bodyData: Data? {
            bodyEncoding == "base64" ? Data(base64Encoded: body) : Data(body.utf8)
        }
    }
}

extension HTTPBin.Echo {
    init(_ request: Request) {
        method = request.method.rawValue
        uri = request.head.uri
        path = request.path
        query = request.rawQuery
        args = Self.grouped(request.query)
        headers = Self.dictionary(request.head.headers)
        let bytes = request.bodyBytes
        if let text = String(bytes: bytes, encoding: .utf8) {
            body = text
            bodyEncoding = "utf-8"
        } else {
            body = Data(bytes).base64EncodedString()
            bodyEncoding = "base64"
        }
        bodySize = bytes.count
        form = [:]
        parts = []
        let contentType = request.header("content-type") ?? ""
        if contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            form = Self.grouped(FormURLEncoding.pairs(String(decoding: bytes, as: UTF8.self)))
        } else if let multipart = Multipart(contentType: contentType, body: bytes) {
            parts = multipart.parts.map {
                Part(name: $0.name, filename: $0.filename, contentType: $0.contentType, size: $0.content.count)
            }
            form = Self.grouped(
                multipart.parts.filter { $0.filename == nil }.map {
                    ($0.name, String(decoding: $0.content, as: UTF8.self))
                })
        }
    }

    static func dictionary(_ fields: HTTPHeaders) -> [String: String] {
        fields.reduce(into: [:]) { result, field in
            let key = field.name.lowercased()
            result[key] = result[key].map { $0 + ", " + field.value } ?? field.value
        }
    }

    private static func grouped(_ pairs: [(name: String, value: String)]) -> [String: [String]] {
        pairs.reduce(into: [:]) { result, pair in result[pair.name, default: []].append(pair.value) }
    }
}

extension Response {
    init(echoing request: Request) {
        self.init(json: HTTPBin.Echo(request))
    }
}

extension Routes {
    static func echo(_ request: Request, _: [String: String]) -> Reply {
        [.respond(Response(echoing: request))]
    }

    static func delay(_ request: Request, _ parameters: [String: String]) throws(BadRequest) -> Reply {
        let milliseconds = try Parameter.integer(parameters["ms"], name: "ms", in: 0...60_000)
        return [.pause(.milliseconds(Int64(milliseconds))), .respond(Response(echoing: request))]
    }

    static func headers(_ request: Request, _: [String: String]) -> Reply {
        [.respond(Response(json: ["headers": HTTPBin.Echo.dictionary(request.head.headers)]))]
    }

    static func userAgent(_ request: Request, _: [String: String]) -> Reply {
        [.respond(Response(json: ["user-agent": request.header("user-agent") ?? ""]))]
    }
}
