import CLibPNG

enum PNGDecoder {
    // listing: png-begin-read
    /// Decodes a PNG with libpng's simplified `png_image` API, into a bitmap in the course's layout.
    static func decode(_ bytes: UnsafeRawBufferPointer, header: ImageHeader) throws(ImageError) -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        // Stopping between begin and finish leaks libpng's state unless freed. After a finish it
        // is already freed, and freeing again does nothing.
        defer { png_image_free(&image) }

        // libpng reads from `bytes` until the finish call: both happen inside one borrow of them.
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw error(from: image)
        }
        guard Int(image.width) == header.width, Int(image.height) == header.height else {
            throw .corruptData(.png, message: "libpng reads a different size than the header sniffer")
        }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0  // alpha channel or tRNS
        image.format = UInt32(PNG_FORMAT_BGRA)  // opaque images get alpha 0xFF: the skip-first byte
        // Without this flag a 16-bit file counts as linear light and is re-encoded on the way to
        // 8 bits (64 × 257 would come out as 136, not 64).
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        // end-listing

        // listing: png-finish-read
        return try Bitmap.filled(
            width: header.width, height: header.height,
            alphaInfo: hasAlpha ? .premultipliedFirst : .noneSkipFirst
        ) { pixels, bytesPerRow throws(ImageError) in
            // The row stride counts components, which for 8-bit BGRA are bytes.
            guard let rowStride = Int32(exactly: bytesPerRow),
                png_image_finish_read(&image, nil, pixels.baseAddress, rowStride, nil) != 0
            else { throw error(from: image) }
            if hasAlpha { premultiplyAlpha(pixels) }
        }
    }
    // end-listing

    private static func error(from image: png_image) -> ImageError {
        let message = String(fixedSizeCString: image.message)
        // libpng's reader from memory says this when the data runs out (pinned by a test).
        let ranOut = message == "read beyond end of data"
        return ranOut ? .truncatedData(.png) : .corruptData(.png, message: message)
    }
}
