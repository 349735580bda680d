import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

/// The steps JSON and Decodable parsing share: finding the UTF-8 text, and explaining a failure.
enum JSONText {
    typealias Reason = ResponseSerializationError.Reason

    /// Rails answers `head :ok` with a single space (to work around an old Safari bug), and a space
    /// is not JSON. AFNetworking treats it as no body at all, and so does this library.
    static func isSingleSpace(_ body: Data) -> Bool {
        body.count == 1 && body.first == UInt8(ascii: " ")
    }

    // listing: json-fast-path
    /// The body as UTF-8 JSON text, ready for the parser.
    ///
    /// JSON is UTF-8 nearly always (RFC 8259 §8.1 requires it between systems), so that is the fast
    /// path: a UTF-8 body goes to the parser as it is, without a byte-order mark and without a copy
    /// (`dropFirst` shares the bytes). Only a body that declares another charset is transcoded,
    /// once, into UTF-8.
    static func utf8(_ body: Data, response: URLResponse?, defaultEncoding: String.Encoding) throws(Reason) -> Data {
        let charset = ContentType(of: response)?.charset
        var encoding = defaultEncoding
        if let charset {
            guard let named = Charset.encoding(named: charset) else { throw .unknownCharset(charset) }
            encoding = named
        }
        if encoding == .utf8 {
            return body.starts(with: utf8ByteOrderMark) ? body.dropFirst(utf8ByteOrderMark.count) : body
        }
        guard let text = String(data: body, encoding: encoding) else {
            throw .invalidText(charset: charset ?? encoding.description, byteOffset: nil)
        }
        return Data(text.utf8)
    }
    // end-listing

    static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    // listing: json-failure-diagnosis
    /// Why the parser refused `text`, worked out only after it has: a body that parses pays nothing
    /// for the diagnosis. Foundation reports every JSON failure as the same error (code 3840); the
    /// message differs from platform to platform, so the reason is found by looking at the bytes.
    static func diagnoseFailure(of text: Data, parserError: any Error) -> Reason {
        if let offset = firstInvalidUTF8Offset(in: text) {
            return .invalidText(charset: "utf-8", byteOffset: offset)
        }
        if nesting(of: text, exceeds: nestingLimit) {
            return .nestingTooDeep(limit: nestingLimit)
        }
        let message = (parserError as NSError).userInfo["NSDebugDescription"] as? String
        return .malformedBody(format: "JSON", detail: message ?? parserError.localizedDescription)
    }

    /// On Linux, Foundation's JSON parser refuses more than 512 levels of arrays and objects instead
    /// of recursing until the stack overflows (swift-corelibs-foundation has since Swift 5.2); a test
    /// sends it 100,000.
    static let nestingLimit = 512
    // end-listing

    /// Whether the parser reads `text` as JSON (a bare string or number included).
    static func parses(_ text: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: text, options: .fragmentsAllowed)) != nil
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8Offset(in text: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = text.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Whether JSON text nests arrays and objects more than `limit` deep. Brackets inside strings
    /// do not count; a loop, not recursion, so the scan itself cannot overflow the stack.
    static func nesting(of text: Data, exceeds limit: Int) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in text {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: continue
            }
            if depth > limit { return true }
        }
        return false
    }
}
