import Foundation

/// Decodes PNG or JPEG data into a bitmap, whatever AFNetworking's inflation rules would say
/// (those are for `inflatedImage(from:mimeType:scale:options:)`). The format comes from the bytes.
/// Safe to call from any number of threads at once: every call has its own decoder state.
public func decodeBitmap(from data: Data, options: DecodingOptions = .default) throws(ImageError) -> Bitmap {
    try decodeBitmap(from: data, header: ImageHeader(sniffing: data), options: options)
}

func decodeBitmap(from data: Data, header: ImageHeader, options: DecodingOptions) throws(ImageError) -> Bitmap {
    try options.checkSize(of: header)
    let result = data.withUnsafeBytes { bytes in
        Result { () throws(ImageError) in
            switch header.format {
            case .png: try PNGDecoder.decode(bytes, header: header)
            case .jpeg: try JPEGDecoder.decode(bytes, header: header, strictness: options.strictness)
            }
        }
    }
    return try result.get()
}
