import Chapter11Exercise2
import Foundation
import Testing

@Suite("11.2 A key for two variants")
struct CacheKeyTests {
    /// The key as the exercise gives it, written here so that the learner's collision is checked
    /// against it and not against their own fix.
    func givenKey(_ variant: Variant) -> String {
        var key = variant.url
        if let size = variant.size { key += "\u{0}" + size }
        if let filter = variant.filter { key += "\u{0}" + filter }
        return key
    }

    @Test("The collision is two different variants of valid URLs that the given key confuses")
    func collisionFound() throws {
        let pair = try #require(collision, "no collision yet: set `collision` to two variants")
        #expect(pair.first != pair.second, "the two variants are the same variant")
        #expect(URL(string: pair.first.url) != nil && URL(string: pair.second.url) != nil, "both URLs must be valid")
        #expect(givenKey(pair.first) == givenKey(pair.second), "the given key tells these two apart")
    }

    static let urls = [
        "https://example.com/avatar.png", "https://example.com/avatar.png?size=64", "https://example.com/avatar.png%00x",
        "https://example.com/a", "https://example.com/a/",
    ]
    /// Sizes and filters chosen to break keys: empty, NULs anywhere, digits and colons that look
    /// like lengths (a length of 10 reads as a 1 and a 0), the placeholders a key might use for nil
    /// (a dash, a word, a control character "nobody uses": any string at all can be a variant).
    static let parts: [String?] = [
        nil, "", "\u{0}", "\u{0}\u{0}", "\u{1}", "\u{1}\u{0}", "\u{7F}", "64", "64\u{0}", "\u{0}64", "64\u{0}blur", "blur", "-", "--", ":", "0", "0:", "1:", "1:-",
        "2:64", "10", "11", "1", "3:abc", "\\", "\\0", "%00", "nil", "xyz", "12abcdefgh", "abcdefgh3xyz",
    ]

    @Test("No two different variants share a key, and an image with no variant keeps its URL")
    func noCollision() {
        var seen: [String: Variant] = [:]
        var collisions: [String] = []
        for url in Self.urls {
            for size in Self.parts {
                for filter in Self.parts {
                    let variant = Variant(url: url, size: size, filter: filter)
                    let key = cacheKey(variant)
                    if let other = seen[key], other != variant {
                        collisions.append("\(describe(variant)) and \(describe(other))")
                    }
                    seen[key] = variant
                }
            }
        }
        // The count, not the list, in the expectation: Swift Testing prints the values of the
        // expression it checks, and hundreds of pairs would bury the first one.
        let shared = collisions.count
        #expect(shared == 0, "\(shared) pairs share a key, for example \(collisions.first ?? "")")
        for url in Self.urls {
            #expect(cacheKey(Variant(url: url)) == url, "an image with no variant should keep its URL as its key")
            let variant = Variant(url: url, size: "64", filter: "blur")
            #expect(cacheKey(variant) == cacheKey(variant), "the same variant should always get the same key")
        }
    }

    func describe(_ variant: Variant) -> String {
        "(\(variant.url), size \(variant.size.debugDescription), filter \(variant.filter.debugDescription))"
    }
}
