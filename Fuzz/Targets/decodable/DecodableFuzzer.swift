// Chapter 6's `Decodable` serializer: the JSON serializer's fast path and failures, plus
// `decodingFailed` for well-formed JSON of the wrong shape. The first byte chooses the type to
// decode and the content type; the rest is the body.
//
// The property: `malformedBody`, `invalidText` and `nestingTooDeep` only for text that is not JSON.
// (The converse does not hold: `JSONDecoder` reads lazily, so a body can be missing a key the type
// needs and be malformed further on, and the missing key is what it reports.)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FuzzSupport
import ResponseParsing
import ResponseValidation

/// A shape with what API models have: required and optional fields, numbers of several widths,
/// nested objects, arrays, a dictionary, and recursion.
struct Feed: Decodable {
    struct Item: Decodable {
        var id: Int
        var title: String?
        var score: Double?
        var children: [Item]?
    }
    var version: UInt8
    var items: [Item]
    var tags: [String: Bool]?
    var next: URL?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodable(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(start, count))
    let flags = input.byte()
    let body = Data(input.rest())
    let response = response(contentType: flags & 2 == 2 ? "application/json; charset=utf-16" : "application/json")
    let error = flags & 1 == 1
        ? DecodableResponseSerializer<Feed>().responseObject(for: response, data: body).error
        : DecodableResponseSerializer<[String: [Int?]]>().responseObject(for: response, data: body).error
    guard let reason = error?.reason, body != Data(" ".utf8) else { return 0 }

    // The text the parser saw: transcoded from UTF-16, or the body without a UTF-8 byte-order mark.
    let withoutMark = body.starts(with: [0xEF, 0xBB, 0xBF]) ? body.dropFirst(3) : body
    let text = flags & 2 == 2 ? String(data: body, encoding: .utf16).map { Data($0.utf8) } : withoutMark
    let isJSON = text.flatMap { try? JSONSerialization.jsonObject(with: $0, options: .fragmentsAllowed) } != nil
    switch reason {
    case .malformedBody, .nestingTooDeep, .invalidText:
        check(!isJSON, "\(reason) for a body that is JSON")
    default:
        break
    }
    return 0
}
