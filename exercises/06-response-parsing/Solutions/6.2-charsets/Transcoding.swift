import Foundation
import ResponseValidation

/// The encodings this exercise knows, by IANA charset name, in lower case.
let encodingsByCharset: [String: String.Encoding] = [
    "utf-8": .utf8, "iso-8859-1": .isoLatin1, "windows-1252": .windowsCP1252,
    "utf-16le": .utf16LittleEndian, "utf-16be": .utf16BigEndian, "us-ascii": .ascii,
]

/// The body as UTF-8 text, for a response that declares `charset` (nil: none, which means UTF-8).
///
/// - a body in another charset is transcoded into UTF-8;
/// - a UTF-8 byte-order mark (EF BB BF) is removed;
/// - a charset not in `encodingsByCharset` (compared without regard to case) throws `.unknownCharset`;
/// - bytes that are not valid text in the charset throw `.invalidText(charset:byteOffset: nil)`.
///
/// The bugs were three: an unknown charset quietly became UTF-8; `String(decoding:as:)` read every
/// body as UTF-8 and never fails (it repairs bad bytes with U+FFFD, so garbage passed as text);
/// and UTF-8 bodies skipped every check. `String(data:encoding:)` decodes in the right encoding and
/// returns nil for bytes that are not valid in it.
public func utf8Text(from body: Data, charset: String?) throws(ResponseSerializationError.Reason) -> Data {
    var encoding = String.Encoding.utf8
    if let charset {
        guard let known = encodingsByCharset[charset.lowercased()] else { throw .unknownCharset(charset) }
        encoding = known
    }
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let text = encoding == .utf8 && body.starts(with: byteOrderMark) ? body.dropFirst(byteOrderMark.count) : body
    guard let decoded = String(data: text, encoding: encoding) else {
        throw .invalidText(charset: charset ?? "utf-8", byteOffset: nil)
    }
    return Data(decoded.utf8)
}
