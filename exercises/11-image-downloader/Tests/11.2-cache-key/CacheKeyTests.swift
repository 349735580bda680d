import Chapter11Exercise2
import Foundation
import Testing

@Suite("11.2 A key that cannot collide")
struct CacheKeyTests {
    /// AFNetworking's key, written here so that the learner's collision is checked against the
    /// original and not against their own fix.
    func afnetworkingKey(_ url: String, _ identifier: String?) -> String {
        url + (identifier ?? "")
    }

    @Test("The collision is two different pairs of valid URLs that AFNetworking's key confuses")
    func collisionFound() throws {
        let pair = try #require(collision, "no collision yet: set `collision` to two pairs")
        #expect(pair.first.url != pair.second.url || pair.first.additionalIdentifier != pair.second.additionalIdentifier, "the two pairs are the same pair")
        #expect(URL(string: pair.first.url) != nil && URL(string: pair.second.url) != nil, "both URLs must be valid")
        #expect(afnetworkingKey(pair.first.url, pair.first.additionalIdentifier) == afnetworkingKey(pair.second.url, pair.second.additionalIdentifier),
                "AFNetworking's key tells these two apart")
    }

    static let urls = [
        "https://example.com/avatar.png", "https://example.com/avatar.png?size=64", "https://example.com/avatar.png#thumb",
        "https://example.com/avatar.png@2x", "https://example.com/avatar", "https://example.com/avatar.png%00x",
        "https://example.com/a/b?c=d&e=f", "https://example.com/a", "https://example.com/a/", "https://example.com/avatar.png?",
    ]
    static let identifiers: [String?] = [nil, "", "?size=64", "#thumb", "@2x", ".png", "/", "?", "thumb", "2x", "x\u{0}y", "\u{0}", "%00x", "size=64|blur"]

    @Test("Every two different pairs of these URLs and identifiers get different keys; the same pair always the same key, its URL when it has no identifier")
    func noCollision() {
        var seen: [String: (String, String?)] = [:]
        var collisions: [String] = []
        for url in Self.urls {
            for identifier in Self.identifiers {
                let key = cacheKey(url: url, additionalIdentifier: identifier)
                if let other = seen[key] {
                    collisions.append("(\(url), \(identifier.debugDescription)) and (\(other.0), \(other.1.debugDescription))")
                }
                seen[key] = (url, identifier)
            }
        }
        #expect(collisions.isEmpty, "\(collisions.count) pairs share a key, for example \(collisions.first ?? "")")
        for url in Self.urls {
            #expect(cacheKey(url: url, additionalIdentifier: nil) == url, "an image without an identifier should keep its URL as its key")
            #expect(cacheKey(url: url, additionalIdentifier: "thumb") == cacheKey(url: url, additionalIdentifier: "thumb"))
        }
    }
}
