import Foundation

// listing: accept-language
/// AFNetworking's `Accept-Language`, at most six languages:
///
///     acceptLanguage(from: ["fr-CH", "fr", "en"])   // "fr-CH;q=1, fr;q=0.9, en;q=0.8"
///
/// The q-values are computed in `Float` and printed with `%0.1g`, exactly as AFNetworking does,
/// so that `1` is written `1` and not `1.0`.
public func acceptLanguage(from languages: [String]) -> String {
    var components: [String] = []
    for (index, language) in languages.enumerated() {
        let q = 1.0 as Float - Float(index) * 0.1
        components.append(language + ";q=" + String(format: "%0.1g", Double(q)))
        if q <= 0.5 { break }
    }
    return components.joined(separator: ", ")
}
// end-listing

/// AFNetworking's `User-Agent`: the program's name, its version when it has one, and the system.
public enum UserAgent {
    // listing: user-agent
    /// `name/version (system)`, reduced to ASCII by the ICU transform AFNetworking uses.
    public static func make(name: String, version: String?, system: String) -> String {
        let product = version.map { "\(name)/\($0)" } ?? name
        return asciiOnly("\(product) (\(system))")
    }

    static func asciiOnly(_ text: String) -> String {
        // The filter is the fallback for a Foundation without ICU's transforms (nil result): it
        // drops what is not ASCII instead of transliterating it.
        let transliterated =
            text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII; [:^ASCII:] Remove"), reverse: false) ?? text
        return String(transliterated.unicodeScalars.filter(\.isASCII).map(Character.init))
    }
    // end-listing

    /// This program's user agent, from its bundle when it has one (an app), and otherwise from
    /// the process name (a command-line tool, and every program on Linux, has no bundle info).
    public static var current: String {
        let info = Bundle.main.infoDictionary ?? [:]
        let name =
            info["CFBundleExecutable"] as? String ?? info["CFBundleIdentifier"] as? String
            ?? ProcessInfo.processInfo.processName
        let version = info["CFBundleShortVersionString"] as? String ?? info["CFBundleVersion"] as? String
        return make(name: name, version: version, system: system)
    }

    /// The system part, as AFNetworking writes it on macOS (`Mac OS X Version 14.5 (Build …)`) and
    /// its Linux equivalent (`Linux; Debian GNU/Linux 12 (bookworm)`).
    static var system: String {
        let version = ProcessInfo.processInfo.operatingSystemVersionString
        #if os(macOS)
        return "Mac OS X \(version)"
        #elseif os(Linux)
        return "Linux; \(version)"
        #else
        return version
        #endif
    }
}
