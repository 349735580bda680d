// Chapter 5's `Content-Type` parse and chapter 6's charset lookup, with the header a server sends.
// The input is the header's value, then (after the first NUL byte, if any) a body for the JSON
// serializer to decode in the charset the header names.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FuzzSupport
import ResponseParsing
import ResponseValidation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentType(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
    let header = String(decoding: bytes[..<split], as: UTF8.self)
    let body = Data(bytes[min(split + 1, bytes.endIndex)...])

    let parsed = ContentType(header: header)
    if let parsed {
        check(!parsed.mimeType.isEmpty, "an empty media type was accepted")
        check(!parsed.mimeType.utf8.contains { (65...90).contains($0) }, "the media type \(parsed.mimeType) is not lower case")
        // Bytes, not Characters: to `String`, U+037E (Greek question mark) equals ";", and is no delimiter.
        check(!parsed.mimeType.utf8.contains(UInt8(ascii: ";")), "the media type \(parsed.mimeType) holds a parameter")
        let trimmed = parsed.mimeType.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        check(trimmed == parsed.mimeType, "the media type \(parsed.mimeType.debugDescription) is not trimmed")
        if let charset = parsed.charset {
            check(charset.utf8.first != UInt8(ascii: "\"") && charset.utf8.last != UInt8(ascii: "\""), "the charset \(charset) keeps its quotes")
            check(!charset.utf8.contains(UInt8(ascii: ";")), "the charset \(charset) runs into the next parameter")
        }
    }

    // The same header through a response, as the serializers read it.
    let response = response(contentType: header)
    let fromResponse = ContentType(of: response)
    // Foundation may refuse to store a value (a line break, say): then the response has no header.
    if response.value(forHTTPHeaderField: "Content-Type") == header {
        check(fromResponse == parsed, "the header and the response give different content types")
        // Validation reads the type: the parsed one is acceptable, and no type only without a body.
        var validator = HTTPResponseSerializer(acceptableContentTypes: parsed.map { [$0.mimeType] } ?? [])
        validator.acceptableStatusCodes = nil
        check(validator.validate(response, data: body).isValid == (parsed != nil || body.isEmpty),
              "validation disagrees with the parsed type")
    }

    // The JSON serializer reads the charset and transcodes the body.
    var json = JSONResponseSerializer()
    json.acceptableContentTypes = nil
    json.readingOptions = .fragmentsAllowed
    let result = json.responseObject(for: response, data: body)
    if case .unknownCharset(let name)? = result.error?.reason {
        check(name == fromResponse?.charset, "an unknown charset \(name) that the header does not name")
    }
    return 0
}
