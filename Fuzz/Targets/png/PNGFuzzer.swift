// Chapter 7's PNG decoder (libpng's simplified API, called from Swift), with the bomb limit and
// the skip rules. The input is the file; the checks are in ImageFuzzSupport.
import Foundation
import FuzzSupport
import ImageFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    checkDecoding(Data(fuzzBytes(start, count)), mimeType: "image/png")
    return 0
}
