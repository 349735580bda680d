// Chapter 6's property-list serializer, with XML, binary and OpenStep bodies. The first byte
// chooses the status and whether containers come back mutable; the rest is the body.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FuzzSupport
import ResponseParsing
import ResponseValidation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(start, count))
    let flags = input.byte()
    let body = Data(input.rest())
    var serializer = PropertyListResponseSerializer()
    serializer.readOptions = flags & 1 == 1 ? .mutableContainersAndLeaves : []
    let status = commonStatusCodes[Int(flags >> 1) % commonStatusCodes.count]
    let result = serializer.responseObject(for: response(status: status, contentType: "application/x-plist"), data: body)
    if result.object == nil, !body.isEmpty, (200..<300).contains(status) {
        guard case .malformedBody(format: "property list", detail: _)? = result.error?.reason else {
            check(false, "a body that is no property list failed with \(String(describing: result.error))")
            return 0
        }
    }
    return 0
}
