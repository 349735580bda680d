import NIOCore
import NIOHTTP1

/// A complete request, body included, as the routes see it.
struct Request {
    let head: HTTPRequestHead
    let body: ByteBuffer
    /// The path as sent (still percent-encoded) and its decoded segments: `/a%20b/c` gives
    /// `["a b", "c"]`. Routes match on segments, so an encoded `/` cannot split a parameter.
    let path: String
    let segments: [String]
    /// Everything after `?`, undecoded, `""` when there is none.
    let rawQuery: String
    let query: [(name: String, value: String)]

    init(head: HTTPRequestHead, body: ByteBuffer) {
        self.head = head
        self.body = body
        let target = head.uri
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            rawQuery = String(target[target.index(after: mark)...])
        } else {
            path = target
            rawQuery = ""
        }
        segments = path.split(separator: "/").map { FormURLEncoding.decode(String($0), plusIsSpace: false) }
        query = FormURLEncoding.pairs(rawQuery)
    }

    var method: HTTPMethod { head.method }

    func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A query parameter read as an integer: `default` when absent, a 400 when unusable.
    func integer(query name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(BadRequest) -> Int {
        try Parameter.integer(queryValue(name), name: name, default: defaultValue, in: range)
    }

    var bodyBytes: [UInt8] { Array(body.readableBytesView) }

    func header(_ name: String) -> String? {
        head.headers.first(name: name)
    }
}

/// Thrown by a route when a request cannot be answered as asked. The router turns it into a 4xx
/// whose JSON body says why: bad input gets a clear answer, never a crash.
struct BadRequest: Error {
    let message: String
    let status: HTTPResponseStatus

    init(_ message: String, status: HTTPResponseStatus = .badRequest) {
        self.message = message
        self.status = status
    }
}

enum Parameter {
    /// Every number a client sends is bounded here, so that no request can ask the server for an
    /// unbounded allocation or wait.
    static func integer(_ text: String?, name: String, default defaultValue: Int? = nil, in range: ClosedRange<Int>)
        throws(BadRequest) -> Int
    {
        guard let text else {
            guard let defaultValue else { throw BadRequest("\(name) is missing") }
            return defaultValue
        }
        guard let value = Int(text), range.contains(value) else {
            throw BadRequest("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), not \(text)")
        }
        return value
    }
}

/// `application/x-www-form-urlencoded`, which is also how query strings are written: pairs joined
/// by `&`, name and value split at the first `=`, `+` for a space, `%XX` for any other byte.
enum FormURLEncoding {
    static func pairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? String(parts[1]) : ""
            return (decode(String(parts[0]), plusIsSpace: true), decode(value, plusIsSpace: true))
        }
    }

    /// Decodes `%XX` escapes into bytes and the bytes as UTF-8. A malformed escape is kept as it
    /// is rather than rejected: an echo server should show what it got, not refuse it.
    static func decode(_ text: String, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "+") && plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), input.count >= 2,
                let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
