// Chapter 6's JSON serializer: the UTF-8 fast path, transcoding from a declared charset, the
// single-space body, null removal, and the diagnosis of a body that does not parse. The first
// byte chooses the charset and the options; the rest is the body.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FuzzSupport
import ResponseParsing
import ResponseValidation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(start, count))
    let flags = input.byte()
    let contentType = commonContentTypes[Int(flags >> 4) % commonContentTypes.count]
    let body = Data(input.rest())

    var serializer = JSONResponseSerializer()
    serializer.acceptableContentTypes = nil  // the body is the subject here, not the header
    serializer.readingOptions = flags & 1 == 1 ? .fragmentsAllowed : []
    serializer.removesKeysWithNullValues = flags & 2 == 2
    if flags & 4 == 4 { serializer.stringEncoding = .isoLatin1 }  // for a body that names no charset
    let response = response(status: flags & 8 == 8 ? 422 : 200, contentType: contentType)
    let result = serializer.responseObject(for: response, data: body)

    switch result.error?.reason {
    case .invalidText(charset: "utf-8", byteOffset: let offset?)?:
        // The diagnosis names the first bad byte of the text (the body after any byte-order mark):
        // everything before it is valid UTF-8, and the whole is not.
        let text = body.starts(with: [0xEF, 0xBB, 0xBF]) ? body.dropFirst(3) : body
        check(offset >= 0 && offset < text.count, "a byte offset \(offset) outside the text")
        check(String(validating: text.prefix(offset), as: UTF8.self) != nil, "the text before byte \(offset) is not valid UTF-8")
        check(String(validating: text, as: UTF8.self) == nil, "valid UTF-8 reported invalid at byte \(offset)")
    case .malformedBody(format: let format, detail: _)?:
        check(format == "JSON", "a JSON body reported as \(format)")
    default:
        break
    }
    if let object = result.object, serializer.removesKeysWithNullValues, !(object is NSNull) {
        check(!containsNull(object), "a null survived removal")
    }
    return 0
}

/// Whether a null stands anywhere in `object`, itself included. Recursive: JSON nests at most 512 deep.
func containsNull(_ object: Any) -> Bool {
    if object is NSNull { return true }
    if let dictionary = object as? [String: Any] { return dictionary.values.contains(where: containsNull) }
    if let array = object as? [Any] { return array.contains(where: containsNull) }
    return false
}
