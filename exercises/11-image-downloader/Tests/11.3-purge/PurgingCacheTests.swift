import Chapter11Exercise3
import Testing

@Suite("11.3 Keep the image just added")
struct PurgingCacheTests {
    @Test("An image bigger than the preferred size but within the capacity stays, and the older ones make room")
    func biggerThanPreferred() {
        var cache = PurgingCache(capacity: 1000, preferredAfterPurge: 600)
        // The rule as before, for images of the usual size: exactly full is not above, and the
        // least recently used go first, a read counting as a use.
        for index in 1...10 { cache.add("small-\(index)", bytes: 100) }
        #expect(cache.memoryUsage == 1000, "a cache exactly at its capacity is not above it: nothing should be purged yet")
        let held = cache.read("small-1")
        #expect(held)
        cache.add("small-11", bytes: 100)
        #expect(cache.identifiers == Set(["small-1", "small-7", "small-8", "small-9", "small-10", "small-11"]),
                "images of the usual size should be purged as before, least recently used first: \(cache.identifiers.sorted())")
        #expect(cache.memoryUsage == 600)

        cache.add("big", bytes: 800)
        #expect(cache.identifiers == ["big"], "the cache holds \(cache.identifiers.sorted()); the 800-byte image fits the capacity of 1000 and should be the one left")
        #expect(cache.memoryUsage == 800)
    }

    @Test("An image bigger than the capacity is not kept, and purges nothing")
    func biggerThanCapacity() {
        var cache = PurgingCache(capacity: 1000, preferredAfterPurge: 600)
        cache.add("a", bytes: 300)
        cache.add("b", bytes: 300)
        cache.add("huge", bytes: 1200)
        #expect(cache.identifiers == ["a", "b"], "the cache holds \(cache.identifiers.sorted()): an image that cannot fit should not empty it")
        #expect(cache.memoryUsage == 600)
    }

    @Test("An image exactly the capacity's size fits: it stays, alone")
    func exactlyTheCapacity() {
        var cache = PurgingCache(capacity: 1000, preferredAfterPurge: 600)
        cache.add("a", bytes: 300)
        cache.add("b", bytes: 300)
        cache.add("full", bytes: 1000)
        #expect(cache.identifiers == ["full"], "the cache holds \(cache.identifiers.sorted()); a 1000-byte image fits a capacity of 1000 and should be the one left")
        #expect(cache.memoryUsage == 1000)
    }

    @Test("A replacement too big to keep takes the old image with it, and nothing else")
    func staleReplacement() {
        var cache = PurgingCache(capacity: 1000, preferredAfterPurge: 600)
        cache.add("a", bytes: 300)
        cache.add("b", bytes: 300)
        cache.add("a", bytes: 1200)
        #expect(cache.identifiers == ["b"], "the cache holds \(cache.identifiers.sorted()): the old a is stale once a new a exists, and b has nothing to do with it")
        #expect(cache.memoryUsage == 300)
    }

    @Test("An image that grows past the preferred size when replaced stays, and the others make room")
    func grownReplacement() {
        var cache = PurgingCache(capacity: 1000, preferredAfterPurge: 600)
        cache.add("a", bytes: 100)
        cache.add("b", bytes: 300)
        cache.add("c", bytes: 200)
        cache.add("a", bytes: 900)
        #expect(cache.identifiers == ["a"], "the cache holds \(cache.identifiers.sorted()); the new a fits the capacity and should be the one left")
        #expect(cache.memoryUsage == 900)
    }
}
