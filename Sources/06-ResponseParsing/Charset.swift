import Foundation

// listing: charset-lookup
/// The text encoding a `charset` name stands for, if this platform can decode it.
///
/// AFNetworking asks CoreFoundation (`CFStringConvertIANACharSetNameToEncoding`), which knows
/// hundreds of IANA names. Only Apple's platforms can call it: swift-corelibs-foundation keeps
/// CoreFoundation private. Elsewhere a table names the encodings `String.Encoding` has constants for.
/// Either way, a known name is not enough: Linux knows EUC-JP's name but has no converter for it,
/// so an encoding counts only if a one-letter round trip through it works.
enum Charset {
    static func encoding(named name: String) -> String.Encoding? {
        guard let encoding = platformEncoding(named: name) else { return nil }
        let converts = "a".data(using: encoding).flatMap { String(data: $0, encoding: encoding) } == "a"
        return converts ? encoding : nil
    }
}
// end-listing

// listing: charset-platforms
#if canImport(Darwin)
extension Charset {
    private static func platformEncoding(named name: String) -> String.Encoding? {
        let encoding = CFStringConvertIANACharSetNameToEncoding(name as CFString)
        guard encoding != kCFStringEncodingInvalidId else { return nil }
        return String.Encoding(rawValue: CFStringConvertEncodingToNSStringEncoding(encoding))
    }
}
#else
// A table, since Swift 6.2's Foundation has no lookup (6.3 adds `String.Encoding(ianaName:)`).
extension Charset {
    private static func platformEncoding(named name: String) -> String.Encoding? {
        namedEncodings[name.lowercased()]  // IANA names ignore case (RFC 2978 §2.3)
    }

    /// IANA names and common aliases of the encodings `String.Encoding` has constants for.
    private static let namedEncodings: [String: String.Encoding] = [
        "utf-8": .utf8, "utf8": .utf8,
        "us-ascii": .ascii, "ascii": .ascii,
        "iso-8859-1": .isoLatin1, "iso_8859-1": .isoLatin1, "latin1": .isoLatin1, "l1": .isoLatin1,
        "iso-8859-2": .isoLatin2, "iso_8859-2": .isoLatin2, "latin2": .isoLatin2, "l2": .isoLatin2,
        "utf-16": .utf16, "utf-16be": .utf16BigEndian, "utf-16le": .utf16LittleEndian,
        "utf-32": .utf32, "utf-32be": .utf32BigEndian, "utf-32le": .utf32LittleEndian,
        "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251, "windows-1252": .windowsCP1252,
        "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254, "cp1252": .windowsCP1252,
        "shift_jis": .shiftJIS, "shift-jis": .shiftJIS, "sjis": .shiftJIS,
        "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP, "macintosh": .macOSRoman,
    ]
}
#endif
// end-listing
