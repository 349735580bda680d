import Foundation

/// Just enough of `multipart/form-data` (RFC 7578) to tell a test what each part was: its name,
/// file name, content type and size. Chapter 4 writes these bodies; this is how its tests see them.
///
/// The body is a list of parts, each introduced by a line `--BOUNDARY`, then header lines, an empty
/// line and the content; the line `--BOUNDARY--` ends the list. A part's content ends right before
/// the CRLF that precedes the next boundary line, so content may hold any bytes except that.
struct Multipart {
    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var content: ArraySlice<UInt8>
    }

    let parts: [Part]

    /// `nil` when the content type is not multipart or has no boundary. A body cut short yields
    /// the parts that were complete, rather than an error: an echo reports what it got.
    init?(contentType: String, body: [UInt8]) {
        guard contentType.lowercased().hasPrefix("multipart/"),
            let boundary = HeaderParameters(contentType)["boundary"], !boundary.isEmpty
        else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        let crlf = Array("\r\n".utf8)

        var parts: [Part] = []
        var position = Self.firstIndex(of: delimiter, in: body, from: 0)
        while let start = position {
            let afterDelimiter = start + delimiter.count
            guard body[afterDelimiter...].starts(with: crlf),  // `--` here closes the list
                let headersEnd = Self.firstIndex(of: crlf + crlf, in: body, from: afterDelimiter)
            else { break }
            let contentStart = headersEnd + 4
            guard let contentEnd = Self.firstIndex(of: crlf + delimiter, in: body, from: contentStart) else { break }
            // A part without headers (RFC 2046 allows one) has its blank line right after the
            // boundary line, whose own CRLF the search finds first: headersEnd is afterDelimiter.
            let headerLines = String(
                decoding: body[(afterDelimiter + 2)..<max(afterDelimiter + 2, headersEnd)], as: UTF8.self)
            parts.append(Self.part(headerLines: headerLines, content: body[contentStart..<contentEnd]))
            position = contentEnd + 2
        }
        self.parts = parts
    }

    private static func part(headerLines: String, content: ArraySlice<UInt8>) -> Part {
        var part = Part(name: "", content: content)
        for line in headerLines.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-disposition" {
                let parameters = HeaderParameters(value)
                part.name = parameters["name"] ?? ""
                part.filename = parameters["filename"]
            } else if name == "content-type" {
                part.contentType = value
            }
        }
        return part
    }

    /// The first place `needle` occurs in `haystack` at or after `start`. `memchr` finds each
    /// candidate first byte and `memcmp` checks the rest: C speed even in a debug build, where a
    /// search through generic slices costs about a second per megabyte of upload.
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, haystack.count - start >= needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pattern in
                guard let base = hay.baseAddress, let pattern = pattern.baseAddress else { return nil }
                let lastStart = hay.count - needle.count
                var index = start
                while index <= lastStart {
                    guard let found = memchr(base + index, Int32(first), lastStart - index + 1) else { return nil }
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + index, pattern, needle.count) == 0 { return index }
                    index += 1
                }
                return nil
            }
        }
    }
}

/// The `; name=value` parameters of a header such as `Content-Type: multipart/form-data;
/// boundary=x` or `Content-Disposition: form-data; name="a"; filename="b;c.txt"`. Quoted values may
/// contain `;`, hence a scan instead of a split.
struct HeaderParameters {
    private var values: [String: String] = [:]

    init(_ header: String) {
        var name = ""
        var value = ""
        var readingValue = false
        var inQuotes = false
        func store() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if readingValue, !key.isEmpty { values[key] = value.trimmingCharacters(in: .whitespaces) }
            (name, value, readingValue) = ("", "", false)
        }
        for character in header {
            switch (character, inQuotes) {
            case ("\"", _): inQuotes.toggle()
            case (";", false): store()
            case ("=", false) where !readingValue: readingValue = true
            default:
                if readingValue { value.append(character) } else { name.append(character) }
            }
        }
        store()
    }

    subscript(name: String) -> String? { values[name] }
}
