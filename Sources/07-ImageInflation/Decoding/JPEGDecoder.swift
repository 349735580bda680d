import CJPEGDecoder

enum JPEGDecoder {
    /// One call into C, which owns every setjmp (see CJPEGDecoder.h). The bitmap is allocated
    /// here, from the sniffed size; the C side refuses to write if libjpeg reads another size.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, header: ImageHeader,
        strictness: DecodingOptions.Strictness
    ) throws(ImageError) -> Bitmap {
        try Bitmap.filled(
            width: header.width, height: header.height, alphaInfo: .noneSkipFirst
        ) { pixels, bytesPerRow throws(ImageError) in
            var request = AFNJPEGRequest(
                expected_width: UInt32(header.width), expected_height: UInt32(header.height),
                bytes_per_row: bytesPerRow, accept_warnings: strictness == .lenient ? 1 : 0)
            var report = AFNJPEGReport()
            switch afn_jpeg_decode(bytes.baseAddress, bytes.count, &request, pixels.baseAddress, &report) {
            case .OK:
                break
            case .truncated:
                throw .truncatedData(.jpeg)
            case .corrupt, .sizeMismatch, .tooManyScans:
                throw .corruptData(.jpeg, message: String(fixedSizeCString: report.message))
            }
            if report.is_cmyk != 0 {
                convertCMYKToBGRX(pixels, storedInverted: report.cmyk_is_inverted != 0)
            }
        }
    }
}
