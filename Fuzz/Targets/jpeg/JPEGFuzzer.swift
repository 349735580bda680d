// Chapter 7's JPEG decoder (libjpeg through the C target that owns its setjmp), with the bomb
// limit, strict and lenient modes, and the skip rules. The input is the file; the checks are in
// ImageFuzzSupport.
import Foundation
import FuzzSupport
import ImageFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    checkDecoding(Data(fuzzBytes(start, count)), mimeType: "image/jpeg")
    return 0
}
