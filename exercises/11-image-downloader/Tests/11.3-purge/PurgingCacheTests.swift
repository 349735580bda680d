import Chapter11Exercise3
import Testing

@Suite("11.3 Purge the right images")
struct PurgingCacheTests {
    static let size: UInt64 = 1_020_000

    /// Ten images of 1,020,000 bytes fit a cache of ten; the eleventh brings it down to six.
    @Test("Up to the capacity nothing is purged; past it, the total comes down to the preferred size (AFNetworking's test)")
    func purgesDownToPreferred() {
        var cache = PurgingCache(capacity: 10 * Self.size, preferredAfterPurge: 6 * Self.size)
        for index in 1...10 {
            cache.add("image-\(index)", bytes: Self.size)
        }
        #expect(cache.memoryUsage == 10 * Self.size, "a cache exactly at its capacity is not above it: nothing should be purged yet")
        #expect(cache.identifiers.count == 10)
        cache.add("image-11", bytes: Self.size)
        #expect(cache.memoryUsage == 6 * Self.size)
        #expect(cache.identifiers == Set((6...11).map { "image-\($0)" }))
    }

    @Test("The least recently used go first: reading the oldest image keeps it (AFNetworking's test)")
    func leastRecentlyUsed() {
        var cache = PurgingCache(capacity: 10 * Self.size, preferredAfterPurge: 6 * Self.size)
        for index in 0..<10 { cache.add("image-\(index)", bytes: Self.size) }
        let held = cache.read("image-0")
        #expect(held)
        cache.add("image-10", bytes: Self.size)
        #expect(cache.identifiers == Set([0, 6, 7, 8, 9, 10].map { "image-\($0)" }))
    }

    @Test("Replacing an entry counts its bytes once")
    func replacement() {
        var cache = PurgingCache(capacity: 1000, preferredAfterPurge: 600)
        cache.add("a", bytes: 400)
        cache.add("a", bytes: 300)
        #expect(cache.memoryUsage == 300)
        for _ in 0..<10 { cache.add("b", bytes: 500) }
        #expect(cache.memoryUsage == 800)
        #expect(cache.identifiers == ["a", "b"])
    }

    @Test("Entries of different sizes: the purge stops as soon as enough bytes are gone, and the total always matches the entries")
    func unevenSizes() {
        var cache = PurgingCache(capacity: 1000, preferredAfterPurge: 500)
        let sizes: [(String, UInt64)] = [("a", 100), ("b", 300), ("c", 200), ("d", 250), ("e", 100)]
        for (identifier, bytes) in sizes { cache.add(identifier, bytes: bytes) }
        #expect(cache.memoryUsage == 950)
        let held = cache.read("a")
        #expect(held)
        cache.add("f", bytes: 150)
        // 1,100 bytes, 600 to purge: b (300), c (200), d (250) are the least recently used.
        #expect(cache.identifiers == ["a", "e", "f"])
        #expect(cache.memoryUsage == 350)
    }
}
