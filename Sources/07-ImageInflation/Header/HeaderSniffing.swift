import Foundation

extension ImageHeader {
    /// Reads the header from the first bytes of `data`: format from the magic bytes, then size,
    /// depth, colour model, alpha, interlacing and orientation. Allocates nothing and decodes no
    /// pixel, so it costs about a microsecond whatever the image size.
    public init(sniffing data: Data) throws(ImageError) {
        let result = data.withUnsafeBytes { bytes in
            // withUnsafeBytes `rethrows`, which erases the error type: carry it in a Result.
            Result { () throws(ImageError) in try ImageHeader(sniffing: bytes) }
        }
        self = try result.get()
    }

    public init(sniffing bytes: UnsafeRawBufferPointer) throws(ImageError) {
        guard !bytes.isEmpty else { throw .emptyData }
        // The MIME type is a claim made by a server; the first bytes are what the decoder will
        // actually meet.
        if try Self.starts(bytes, with: Self.pngSignature, format: .png) {
            self = try Self.sniffPNG(bytes)
        } else if try Self.starts(bytes, with: Self.jpegSignature, format: .jpeg) {
            self = try Self.sniffJPEG(bytes)
        } else {
            throw .unrecognizedFormat
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Start-of-image, then the 0xFF that opens the next marker.
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// True for the whole signature; a shorter input that is a prefix of it is a truncated file
    /// of that format rather than an unknown one.
    private static func starts(
        _ bytes: UnsafeRawBufferPointer, with signature: [UInt8],
        format: ImageFormat
    ) throws(ImageError) -> Bool {
        let compared = min(bytes.count, signature.count)
        guard bytes.prefix(compared).elementsEqual(signature.prefix(compared)) else { return false }
        guard compared == signature.count else { throw .truncatedHeader(format) }
        return true
    }
}
