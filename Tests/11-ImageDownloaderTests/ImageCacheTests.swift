import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageDownloader
import ImageInflation
import TestSupport
import Testing

/// `AutoPurgingImageCache`, with AFNetworking's own cache tests as the starting point.
@Suite("The auto-purging image cache")
struct ImageCacheTests {
    let request = URLRequest(url: URL(string: "http://example.com/avatar.png")!)

    @Test("An image comes back by identifier, by request, and by request and additional identifier")
    func lookups() {
        let cache = AutoPurgingImageCache()
        cache.add(testImage(width: 1), withIdentifier: "logo")
        cache.add(testImage(width: 2), for: request, withAdditionalIdentifier: nil)
        cache.add(testImage(width: 3), for: request, withAdditionalIdentifier: "filter")
        #expect(cache.image(withIdentifier: "logo")?.pixelWidth == 1)
        #expect(cache.image(for: request, withAdditionalIdentifier: nil)?.pixelWidth == 2)
        #expect(cache.image(for: request, withAdditionalIdentifier: "filter")?.pixelWidth == 3)
        #expect(cache.image(for: request, withAdditionalIdentifier: "nofilter") == nil)
        #expect(
            cache.image(
                for: URLRequest(url: URL(string: "http://example.com/other.png")!), withAdditionalIdentifier: nil)
                == nil)
    }

    @Test("The key keeps URL and identifier apart: AFNetworking's concatenation would confuse these pairs")
    func keys() {
        let plain = URLRequest(url: URL(string: "http://example.com/avatar.png")!)
        let withQuery = URLRequest(url: URL(string: "http://example.com/avatar.png?size=64")!)
        #expect(
            imageCacheKey(for: plain, additionalIdentifier: "?size=64")
                != imageCacheKey(for: withQuery, additionalIdentifier: nil))
        #expect(
            imageCacheKey(for: plain, additionalIdentifier: "") != imageCacheKey(for: plain, additionalIdentifier: nil))
        #expect(imageCacheKey(for: plain, additionalIdentifier: nil) == "http://example.com/avatar.png")
        var noURL = plain
        noURL.url = nil
        #expect(imageCacheKey(for: noURL, additionalIdentifier: "x") == nil)
        let cache = AutoPurgingImageCache()
        cache.add(testImage(width: 5), for: plain, withAdditionalIdentifier: "?size=64")
        #expect(cache.image(for: withQuery, withAdditionalIdentifier: nil) == nil)
    }

    @Test("An image costs width × height × 4 bytes; replacing it counts it once; removing it gives the bytes back")
    func memoryUsage() {
        let cache = AutoPurgingImageCache()
        #expect(cache.memoryUsage == 0)
        cache.add(testImage(width: 255, height: 1000), withIdentifier: "a")
        #expect(cache.memoryUsage == 1_020_000)
        cache.add(testImage(width: 10, height: 10), withIdentifier: "a")
        #expect(cache.memoryUsage == 400)
        #expect(cache.image(withIdentifier: "a")?.pixelWidth == 10)
        #expect(cache.removeImage(withIdentifier: "a"))
        #expect(!cache.removeImage(withIdentifier: "a"))
        #expect(cache.memoryUsage == 0)
        cache.add(testImage(), for: request, withAdditionalIdentifier: "f")
        #expect(!cache.removeImage(for: request, withAdditionalIdentifier: nil))
        #expect(cache.removeImage(for: request, withAdditionalIdentifier: "f"))
        #expect(!cache.removeAllImages())
    }

    /// Every other image of the suite has a scale of 1, where points and pixels are the same.
    @Test("An image costs its pixels, not its points: a 2x image of 32 × 32 pixels (16 × 16 points) costs 4,096 bytes")
    func costCountsPixels() {
        let cache = AutoPurgingImageCache(memoryCapacity: 8192, preferredMemoryCapacity: 4096)
        let retina = Image(
            header: ImageHeader(format: .png, width: 32, height: 32, bitsPerComponent: 8, colorModel: .rgb),
            representation: .compressed(Data(), skipped: .inflationTurnedOff), scale: 2)
        cache.add(retina, withIdentifier: "2x")
        #expect(cache.memoryUsage == 4096, "a 2x image of 32 × 32 pixels was counted as \(cache.memoryUsage) bytes")
        cache.add(retina, withIdentifier: "2x again")
        cache.add(retina, withIdentifier: "one too many")
        #expect(
            cache.memoryUsage <= 4096,
            "three 4,096-byte images in a cache of 8,192 should have been purged to 4,096: \(cache.memoryUsage) bytes held"
        )
    }

    @Test("Past its capacity the cache purges down to the preferred size, and never before")
    func purge() {
        let size: UInt64 = 1_020_000
        let cache = AutoPurgingImageCache(memoryCapacity: 10 * size, preferredMemoryCapacity: 6 * size)
        for index in 1...10 {
            cache.add(testImage(width: 255, height: 1000), withIdentifier: "image-\(index)")
            #expect(cache.memoryUsage == UInt64(index) * size)
        }
        cache.add(testImage(width: 255, height: 1000), withIdentifier: "image-11")
        #expect(cache.memoryUsage == 6 * size)
    }

    @Test("The least recently used images go first: reading an image keeps it")
    func leastRecentlyUsed() {
        let size: UInt64 = 1_020_000
        let cache = AutoPurgingImageCache(memoryCapacity: 10 * size, preferredMemoryCapacity: 6 * size)
        for index in 0..<10 { cache.add(testImage(width: 255, height: 1000), withIdentifier: "image-\(index)") }
        #expect(cache.image(withIdentifier: "image-0") != nil)
        cache.add(testImage(width: 255, height: 1000), withIdentifier: "image-10")
        let kept = (0...10).filter { cache.image(withIdentifier: "image-\($0)") != nil }
        #expect(kept == [0, 6, 7, 8, 9, 10])
    }

    @Test(
        "A preferred size above the capacity is lowered to it (AFNetworking's subtraction would wrap around and purge everything)"
    )
    func preferredAboveCapacity() {
        let cache = AutoPurgingImageCache(memoryCapacity: 4000, preferredMemoryCapacity: 9000)
        #expect(cache.preferredMemoryUsageAfterPurge == 4000)
        for index in 0..<5 { cache.add(testImage(width: 10, height: 20), withIdentifier: "\(index)") }
        #expect(cache.memoryUsage == 4000)
        cache.add(testImage(width: 10, height: 20), withIdentifier: "5")
        #expect(cache.memoryUsage == 4000)
        #expect(cache.image(withIdentifier: "5") != nil && cache.image(withIdentifier: "0") == nil)
    }

    @Test("The memory-warning notification it is given empties it")
    func memoryWarning() {
        let center = NotificationCenter()
        let warning = Notification.Name("test.memoryWarning")
        let cache = AutoPurgingImageCache(removingAllImagesOn: warning, center: center)
        cache.add(testImage(), withIdentifier: "a")
        center.post(name: warning, object: nil)
        #expect(cache.memoryUsage == 0)
        #expect(cache.image(withIdentifier: "a") == nil)
    }

    @Test(
        "Eight threads adding and reading at once: the usage is always the sum of what is held, and never above capacity"
    )
    func concurrency() {
        let cache = AutoPurgingImageCache(memoryCapacity: 64 * 1024, preferredMemoryCapacity: 40 * 1024)
        let highest = Locked<UInt64>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var generator = SeededGenerator(seed: UInt64(thread))
            for step in 0..<2000 {
                let identifier = "\(Int.random(in: 0..<200, using: &generator))"
                if step % 3 == 0 {
                    _ = cache.image(withIdentifier: identifier)
                } else {
                    cache.add(
                        testImage(width: Int.random(in: 1...32, using: &generator), height: 16),
                        withIdentifier: identifier)
                }
                let usage = cache.memoryUsage
                highest.withLock { $0 = max($0, usage) }
            }
        }
        #expect(highest.value <= 64 * 1024)
        let held = (0..<200).compactMap { cache.image(withIdentifier: "\($0)") }.reduce(0) {
            $0 + UInt64($1.pixelWidth * $1.pixelHeight * 4)
        }
        #expect(held == cache.memoryUsage)
    }
}
