import Foundation

// listing: disposition-quoting
/// `form-data; name="…"`, with the name made safe for its quotes. AFNetworking writes names as they
/// are, so a name with a `"` or a line break corrupts the part. Browsers follow the HTML standard:
/// `"` becomes `%22`, CR `%0D`, LF `%0A`; so does this.
func disposition(name: String, fileName: String? = nil) -> String {
    func quoted(_ text: String) -> String {
        // Scalar by scalar: to a `String`, "\r\n" is one Character, which a search for "\r" skips.
        var quoted = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "%22"
            case "\r": quoted += "%0D"
            case "\n": quoted += "%0A"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted
    }
    let named = "form-data; name=\"\(quoted(name))\""
    return fileName.map { named + "; filename=\"\(quoted($0))\"" } ?? named
}
// end-listing

extension MultipartPart {
    /// A text field's part.
    static func field(name: String, data: Data) -> MultipartPart {
        MultipartPart(headers: [PartHeader("Content-Disposition", disposition(name: name))], body: .data(data))
    }
}

func fileHeaders(name: String, fileName: String, mimeType: String) -> [PartHeader] {
    [
        PartHeader("Content-Disposition", disposition(name: name, fileName: fileName)),
        PartHeader("Content-Type", oneLine(mimeType)),
    ]
}

/// A MIME type kept on its header line. AFNetworking writes it as given, so a CR or LF in it ends the
/// part's headers early and what follows is read as another header, or as the body. Escaped as names
/// are (`%0D`, `%0A`), it stays one harmless line; quotes stay, since a parameter may be quoted.
private func oneLine(_ mimeType: String) -> String {
    var line = ""
    for scalar in mimeType.unicodeScalars {
        switch scalar {
        case "\r": line += "%0D"
        case "\n": line += "%0A"
        default: line.unicodeScalars.append(scalar)
        }
    }
    return line
}
