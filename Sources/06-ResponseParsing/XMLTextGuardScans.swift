import Foundation

// How `XMLTextGuard` reads the bytes: the encoding twice (loosely, to refuse; strictly, to trust),
// and the markup FoundationXML cannot report.
extension XMLTextGuard {
    /// Any encoding an XML declaration mentions, read loosely, since libxml2 reads a damaged
    /// declaration loosely too: `encoding` before the declaration's end, then its value, quoted or
    /// not (`""` when there is none, which is refused too). Nil when no `encoding` is mentioned.
    static func mentionedEncoding(in markup: [UInt8]) -> String? {
        let text = markup.drop { $0 >= 0x80 }  // a byte-order mark (its zero bytes are already gone)
        guard text.starts(with: "<?xml".utf8) else { return nil }
        let declaration = text.prefix(1024).split(
            separator: Array("?>".utf8), maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let keyword = declaration.firstRange(of: "encoding".utf8) else { return nil }
        var rest = declaration[keyword.upperBound...].drop(while: isSpace)
        guard rest.popFirst() == UInt8(ascii: "=") else { return "" }
        rest = rest.drop(while: isSpace)
        let quote = rest.first.flatMap { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") ? $0 : nil }
        if quote != nil { rest = rest.dropFirst() }
        let value = rest.prefix { byte in quote.map { byte != $0 } ?? !isSpace(byte) }
        return String(decoding: value, as: UTF8.self)
    }

    /// The encoding of a declaration read exactly by the grammar (XML 1.0 §2.8, §4.3.3:
    /// `<?xml version="1.x" encoding="Name"`), or nil. Only then does libxml2 surely follow it.
    static func declaredEncoding(_ body: Data) -> String? {
        var rest = body.prefix(256)[...]
        func take(_ text: String) -> Bool {
            guard rest.starts(with: text.utf8) else { return false }
            rest = rest.dropFirst(text.utf8.count)
            return true
        }
        func takeSpaces() -> Bool {
            let count = rest.prefix(while: isSpace).count
            rest = rest.dropFirst(count)
            return count > 0
        }
        func takeEqualsAndQuoted() -> [UInt8]? {
            _ = takeSpaces()
            guard take("=") else { return nil }
            _ = takeSpaces()
            guard let quote = rest.popFirst(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                let close = rest.firstIndex(of: quote)
            else { return nil }
            defer { rest = rest[(close + 1)...] }
            return Array(rest[..<close])
        }
        guard take("<?xml"), takeSpaces(), take("version"), let version = takeEqualsAndQuoted(),
            version.count > 2, version.starts(with: "1.".utf8), version.dropFirst(2).allSatisfy(isDigit),
            takeSpaces(), take("encoding"), let name = takeEqualsAndQuoted(), let first = name.first, isLetter(first),
            name.allSatisfy({ isLetter($0) || isDigit($0) || "._-".utf8.contains($0) })
        else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// Why the markup cannot go to a delegate, or nil: the first construct whose missing part
    /// FoundationXML would read.
    static func unreportableMarkup(in markup: [UInt8]) -> String? {
        let cannotReport = ", which FoundationXML cannot report"
        if markup.firstRange(of: "<!ATTLIST".utf8) != nil { return "an attribute-list declaration" + cannotReport }
        if markup.firstRange(of: "<!NOTATION".utf8) != nil { return "a notation declaration" + cannotReport }
        // `<?target?>`: nothing after the target, so no data (`<?target ?>` has empty data).
        var rest = markup[...]
        while let open = rest.firstRange(of: "<?".utf8) {
            rest = rest[open.upperBound...]
            let target = rest.prefix { !isSpace($0) && $0 != UInt8(ascii: "?") }
            if rest[target.endIndex...].starts(with: "?>".utf8) {
                return "a processing instruction without data" + cannotReport
            }
        }
        // With entities allowed: an unparsed one (NDATA, which also turns up in base64 text, so only
        // asked of a body that declares entities), and a value that spells markup with character
        // references (`<!ENTITY e "&#60;?pi?>">`), where these scans cannot see it.
        guard markup.firstRange(of: "<!ENTITY".utf8) != nil else { return nil }
        if markup.firstRange(of: "NDATA".utf8) != nil { return "an unparsed entity" + cannotReport }
        if markup.firstRange(of: "&#".utf8) != nil {
            return "character references beside entity declarations, which may spell markup"
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
