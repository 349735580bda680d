import NIOCore
import NIOHTTP1

/// Fixed documents for the response parsers of chapter 6, plus the two routes whose status and
/// headers the test chooses.
extension Routes {
    enum Document {
        case json, xml, plist, html

        var contentType: String {
            switch self {
            case .json: "application/json"
            case .xml: "application/xml"
            case .plist: "application/x-plist"
            case .html: "text/html; charset=utf-8"
            }
        }

        // Written out rather than encoded, so that a reader sees the exact bytes on the wire. The
        // JSON has nulls (nested too) for the null-removal option, and non-ASCII text for UTF-8.
        var text: String {
            switch self {
            case .json:
                """
                {
                  "book": {
                    "title": "AFNetworking from the inside",
                    "chapters": [
                      {"number": 2, "title": "Query strings", "draft": null},
                      {"number": 7, "title": "Image inflation", "draft": true}
                    ],
                    "price": null,
                    "rating": 4.5,
                    "tags": ["networking", "swift", "linux"],
                    "review": {"score": 9, "comment": null}
                  },
                  "greeting": "Grüße, 世界"
                }

                """
            case .xml:
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <book title="AFNetworking from the inside">
                  <chapter number="2">Query strings</chapter>
                  <chapter number="7">Image inflation</chapter>
                  <greeting>Grüße, 世界</greeting>
                </book>

                """
            case .plist:
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                  <key>title</key><string>AFNetworking from the inside</string>
                  <key>chapters</key><array><integer>2</integer><integer>7</integer></array>
                  <key>rating</key><real>4.5</real>
                  <key>published</key><false/>
                </dict>
                </plist>

                """
            case .html:
                """
                <!DOCTYPE html>
                <html><head><title>HTTPBin</title></head>
                <body><h1>AFNetworking from the inside</h1><p>Grüße, 世界</p></body></html>

                """
            }
        }
    }

    static func document(_ document: Document) -> @Sendable (Request, [String: String]) -> Reply {
        { _, _ in [.respond(Response(contentType: document.contentType, body: Array(document.text.utf8)))] }
    }

    /// No body and no Content-Type, whatever the code: `/status/401` has no `WWW-Authenticate`
    /// (use `/basic-auth` for a challenge) and `/status/302` no `Location` (use `/redirect-to`).
    static func status(_ request: Request, _ parameters: [String: String]) throws(BadRequest) -> Reply {
        let code = try Parameter.integer(parameters["code"], name: "code", in: 200...599)
        return [.respond(Response(HTTPResponseStatus(statusCode: code)))]
    }

    /// `/response?status=201&content-type=text/csv&body=a,b&header=ETag:%20"x"`: a response the
    /// test designs, for validation tests (wrong content type, none at all, an empty body...).
    static func chosenResponse(_ request: Request, _: [String: String]) throws(BadRequest) -> Reply {
        let code = try request.integer(query: "status", default: 200, in: 200...599)
        var response = Response(
            HTTPResponseStatus(statusCode: code), body: ByteBuffer(string: request.queryValue("body") ?? ""))
        var fields: [(name: String, value: String)] = []
        if let contentType = request.queryValue("content-type") {
            fields.append(("Content-Type", contentType))
        }
        for (name, line) in request.query where name == "header" {
            guard let colon = line.firstIndex(of: ":") else {
                throw BadRequest("header must be Name: value, not \(line)")
            }
            fields.append((String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " })))
        }
        for (name, value) in fields {
            // Decoded query text may hold any character. A name must be an HTTP token (NIO's header
            // block stops the process on a name that is not ASCII), and a value no control character
            // but a tab (CR or LF would inject header lines). The framing headers are the
            // connection's business (a fault mode breaks them on purpose).
            guard isToken(name),
                !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }),
                !value.contains(where: \.isNewline),
                !["content-length", "transfer-encoding", "connection"].contains(name.lowercased())
            else { throw BadRequest("the header \(name.debugDescription) cannot be set here") }
            response.headers.add(name: name, value: value)
        }
        return [.respond(response)]
    }

    /// RFC 9110 §5.6.2: one or more letters, digits or ``!#$%&'*+-.^_`|~``.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0))
            }
    }
}
