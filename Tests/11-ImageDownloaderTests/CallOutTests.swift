import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageDownloader
import ImageInflation
import SessionManager
import TestSupport
import Testing
import Tracing

/// What the downloader does that runs code it does not own: an app's image cache, called with no
/// lock held; and the downloads that fail one after another, without the stack growing.
@Suite("Calling out: the image cache and the queue")
struct CallOutTests {
    @Test(
        "A cache that asks the downloader something while it is being asked gets its answer: the downloader never calls its cache under its own lock",
        arguments: [QuestioningCache.Moment.lookUp, .store])
    func cacheAsksTheDownloader(when moment: QuestioningCache.Moment) async throws {
        let cache = QuestioningCache(asking: moment)
        try await Harness.with(imageCache: cache) { harness in
            cache.downloader.withLock { $0 = harness.downloader }
            defer { cache.downloader.withLock { $0 = nil } }
            // On a thread of its own: a call that waits for a lock its own thread holds never
            // returns, and the test must say so instead of hanging the run.
            let returned = Locked(false)
            Thread {
                harness.download("/image/numbered/50", as: "first")
                returned.withLock { $0 = true }
            }.start()
            #expect(
                await eventually(within: 30) { returned.value },
                "downloadImage never returned: it asked its cache while holding its lock")
            #expect(
                await harness.answers.wait(for: 1, within: 30),
                "no answer: the download's completion asked the cache while holding the lock")
            #expect(harness.answers["first"].first?.imageNumber == 50)
            #expect(cache.questions.value > 0, "the cache never asked the downloader anything")
        }
    }

    @Test(
        "A caller whose cache lookup missed while the same image was downloaded and cached asks the cache again, instead of downloading the image a second time"
    )
    func lookupOverlapsADownload() async throws {
        let cache = ScriptedCache()
        let lookups = Locked(0)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // The first lookup is held, and then answers the miss it saw before the image landed.
        cache.beforeLookUp.withLock {
            $0 = { _ in
                guard
                    lookups.withLock({ count -> Bool in
                        count += 1
                        return count == 1
                    })
                else { return nil }
                held.signal()
                _ = release.wait(timeout: .now() + 60)
                return .some(nil)
            }
        }
        try await Harness.with(imageCache: cache) { harness in
            let path = "/image/numbered/70"
            Thread { harness.download(path, as: "late") }.start()
            #expect(await onAThreadOfItsOwn { held.wait(timeout: .now() + 30) == .success })
            // Meanwhile another caller asks, misses, downloads the image, and it goes into the cache.
            harness.download(path, as: "early")
            #expect(await harness.answers.wait(for: 1))
            release.signal()
            #expect(await harness.answers.wait(for: 2))
            #expect(
                harness.hits(path) == 1,
                "the image was downloaded a second time for a caller whose lookup had missed while it arrived")
            #expect(harness.answers["late"].first?.imageNumber == 70)
            #expect(
                harness.answers["late"].first?.response == nil, "the late caller's image did not come from the cache")
        }
    }

    @Test(
        "A request made while a finished download's image is being cached joins that download: the image goes into the cache before the download leaves the table"
    )
    func requestWhileCaching() async throws {
        let cache = ScriptedCache()
        try await Harness.with(imageCache: cache) { harness in
            let path = "/image/numbered/71"
            let asked = Locked(false)
            cache.beforeAdd.withLock {
                $0 = { _ in
                    guard
                        !asked.withLock({ asked in
                            defer { asked = true }
                            return asked
                        })
                    else { return }
                    harness.download(path, as: "meanwhile")
                }
            }
            harness.download(path, as: "first")
            #expect(await harness.answers.wait(for: 2))
            #expect(
                harness.hits(path) == 1,
                "a request made while the image was being cached found neither the download nor the image")
            #expect(harness.answers["meanwhile"].first?.imageNumber == 71)
        }
    }

    @Test(
        "Downloads waiting on a session invalidated meanwhile fail one after another in a loop: the stack does not deepen with the queue"
    )
    func failuresInALoop() async throws {
        try await Harness.with(maximumActiveDownloads: 1) { harness in
            // The depth of the stack each time a slot is freed: a recursion between starting a
            // download and completing it would add frames for every download in the queue.
            let depths = Locked<[Int]>([])
            harness.downloader.sessionManager.tracer = Tracer { event in
                guard event.step == .downloadQueue, event.detail.hasPrefix("slot freed") else { return }
                let depth = stackDepth()
                depths.withLock { $0.append(depth) }
            }
            _ = await harness.blockSlots()
            let count = 300
            for number in 0..<count { harness.download("/image/numbered/\(number)", as: "\(number)") }
            #expect(harness.downloader.activity == (1, count))
            harness.downloader.sessionManager.invalidateSession(cancelingTasks: true)
            #expect(await harness.answers.wait(for: count))
            #expect(
                (0..<count).allSatisfy {
                    harness.answers["\($0)"].first?.error as? SessionManagerError == .sessionInvalidated
                })
            #expect(harness.downloader.activity == (0, 0))
            let seen = depths.value
            #expect(seen.count > count)
            let growth = (seen.max() ?? 0) - (seen.min() ?? 0)
            #expect(growth < 40, "the stack grew by \(growth) frames over \(count) failed downloads")
        }
    }
}

/// An image cache an app might write: it keeps its images in an `AutoPurgingImageCache`, and asks
/// the downloader how busy it is (to log it, say) when the downloader looks an image up, or when
/// it stores one.
final class QuestioningCache: ImageRequestCache {
    enum Moment: Sendable, CustomTestStringConvertible {
        case lookUp, store
        var testDescription: String { self == .lookUp ? "when asked for an image" : "when given an image" }
    }

    let moment: Moment
    let images = AutoPurgingImageCache()
    /// Set once the downloader exists (it is made with this cache); cleared at the end of a test.
    let downloader = Locked<ImageDownloader?>(nil)
    let questions = Locked(0)

    init(asking moment: Moment) {
        self.moment = moment
    }

    private func ask(_ now: Moment) {
        guard now == moment, let downloader = downloader.value else { return }
        _ = downloader.activity
        questions.withLock { $0 += 1 }
    }

    func add(_ image: Image, withIdentifier identifier: String) { images.add(image, withIdentifier: identifier) }
    func removeImage(withIdentifier identifier: String) -> Bool { images.removeImage(withIdentifier: identifier) }
    func removeAllImages() -> Bool { images.removeAllImages() }
    func image(withIdentifier identifier: String) -> Image? { images.image(withIdentifier: identifier) }

    func shouldCache(_ image: Image, for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Bool {
        ask(.store)
        return images.shouldCache(image, for: request, withAdditionalIdentifier: identifier)
    }

    func add(_ image: Image, for request: URLRequest, withAdditionalIdentifier identifier: String?) {
        ask(.store)
        images.add(image, for: request, withAdditionalIdentifier: identifier)
    }

    func removeImage(for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Bool {
        images.removeImage(for: request, withAdditionalIdentifier: identifier)
    }

    func image(for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Image? {
        ask(.lookUp)
        return images.image(for: request, withAdditionalIdentifier: identifier)
    }
}

/// How many frames deep the calling thread's stack is now. (Foundation's `callStackReturnAddresses`
/// stops counting at 128; glibc's `backtrace` is not in Swift's Glibc module, so it is looked up.)
func stackDepth() -> Int {
    var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 16_384)
    #if canImport(Darwin)
    return Int(backtrace(&frames, Int32(frames.count)))
    #else
    typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
    guard let symbol = dlsym(nil, "backtrace") else { return 0 }
    let backtrace = unsafeBitCast(symbol, to: Backtrace.self)
    return Int(frames.withUnsafeMutableBufferPointer { backtrace($0.baseAddress, Int32($0.count)) })
    #endif
}
