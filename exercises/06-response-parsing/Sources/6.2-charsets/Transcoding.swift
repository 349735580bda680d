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
/// This version has bugs. Run `swift run workshop check 6.2`, read which tests fail and why, then
/// fix it.
public func utf8Text(from body: Data, charset: String?) throws(ResponseSerializationError.Reason) -> Data {
    let encoding = charset.flatMap { encodingsByCharset[$0] } ?? .utf8
    guard encoding != .utf8 else { return body }
    // TODO(6.2): this reads every body as UTF-8, whatever its charset, and never fails.
    let text = String(decoding: body, as: UTF8.self)
    return Data(text.utf8)
}
