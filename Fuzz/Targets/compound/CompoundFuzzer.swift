// Chapter 6's compound serializer: a list of serializers, the first object wins, and the body as
// it came when none makes one. The first byte chooses the list, the second the content type and
// the status; the rest is the body.
//
// The property: the compound's answer is exactly the answer of the first serializer in the list
// that makes an object, or the base serializer's when none does.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FuzzSupport
import ImageInflation
import ResponseParsing
import ResponseValidation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompound(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(start, count))
    let chosen = input.byte()
    let contentType = input.pick(commonContentTypes)
    let status = input.pick(commonStatusCodes)
    let body = Data(input.rest())

    var nullFree = JSONResponseSerializer()
    nullFree.removesKeysWithNullValues = true
    var images = ImageResponseSerializer()
    images.decodingOptions = DecodingOptions(maxPixelCount: 1 << 16)  // small: a bomb is refused, not decoded
    let candidates: [any ResponseSerializer] = [
        JSONResponseSerializer(), XMLParserResponseSerializer(), XMLDocumentResponseSerializer(),
        PropertyListResponseSerializer(), nullFree, images, DecodableResponseSerializer<[String: Int]>(),
    ]
    // Up to three serializers, in an order the input picks.
    let serializers = (0..<3).compactMap { slot -> (any ResponseSerializer)? in
        let pick = Int(chosen >> (slot * 3)) & 7
        return pick < candidates.count ? candidates[pick] : nil
    }
    let response = response(status: status, contentType: contentType)
    let result = CompoundResponseSerializer(serializers).responseObject(for: response, data: body)

    let expected = serializers.lazy.map { $0.anyResponseObject(for: response, data: body) }.first { $0.object != nil }
        ?? HTTPResponseSerializer().anyResponseObject(for: response, data: body)
    check((result.object == nil) == (expected.object == nil), "the compound's object differs from the first serializer's")
    check(reasons(result.error) == reasons(expected.error), "the compound's error \(reasons(result.error)) is not \(reasons(expected.error))")
    if expected.object is Data || serializers.isEmpty {
        check(result.object as? Data == body, "the fallback does not return the body as it came")
    }
    return 0
}

/// An error's reason and the reasons beneath it, outermost first.
func reasons(_ error: ResponseSerializationError?) -> [ResponseSerializationError.Reason] {
    var reasons: [ResponseSerializationError.Reason] = []
    var next = error
    while let error = next {
        reasons.append(error.reason)
        next = error.underlyingError
    }
    return reasons
}
