import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import Locking

/// A memory cache of images that purges itself (AFNetworking's `AFAutoPurgingImageCache`): when
/// the images it holds pass `memoryCapacity`, it removes the least recently used ones until they
/// fit in `preferredMemoryUsageAfterPurge`. An image costs what its bitmap costs, 4 bytes a
/// pixel, whether or not it was inflated, as AFNetworking counts it.
public final class AutoPurgingImageCache: ImageRequestCache {
    /// The most memory the cached images may use, in bytes (AFNetworking's default: 100 MB).
    public let memoryCapacity: UInt64
    /// What a purge brings the images down to, in bytes (default: 60 MB). Never above the
    /// capacity: a larger value is lowered to it.
    public let preferredMemoryUsageAfterPurge: UInt64

    private let storage = Protected(Storage())
    private let observer = Protected<ObserverToken?>(nil)
    private let center: NotificationCenter

    // listing: cached-image
    /// One image in the cache: its cost, and when it was last added or read.
    struct CachedImage {
        let image: Image
        /// AFNetworking's `totalBytes`: width × height × scale² × 4, that is, the pixels × 4.
        let totalBytes: UInt64
        /// The access clock's reading at the last add or read.
        var lastAccess: UInt64
    }

    struct Storage {
        var images: [String: CachedImage] = [:]
        var memoryUsage: UInt64 = 0
        /// Counts accesses. AFNetworking stamps each access with `NSDate`; two accesses within
        /// the clock's resolution would then tie, and the purge could keep the wrong one. A
        /// counter never ties, and reading it costs nothing.
        var clock: UInt64 = 0
    }
    // end-listing

    /// A cache of `memoryCapacity` bytes that purges down to `preferredMemoryCapacity`. With a
    /// notification name (on iOS, `UIApplication.didReceiveMemoryWarningNotification`, which
    /// AFNetworking observes), every image is removed when `center` posts it.
    public init(
        memoryCapacity: UInt64 = 100 * 1024 * 1024, preferredMemoryCapacity: UInt64 = 60 * 1024 * 1024,
        removingAllImagesOn notification: Notification.Name? = nil, center: NotificationCenter = .default
    ) {
        self.memoryCapacity = memoryCapacity
        preferredMemoryUsageAfterPurge = min(preferredMemoryCapacity, memoryCapacity)
        self.center = center
        guard let notification else { return }
        let token = center.addObserver(forName: notification, object: nil, queue: nil) { [weak self] _ in
            self?.removeAllImages()
        }
        observer.withLock { $0 = ObserverToken(token: token) }
    }

    deinit {
        if let observer = observer.withLock({ $0 }) { center.removeObserver(observer.token) }
    }

    /// The bytes the cached images use now.
    public var memoryUsage: UInt64 {
        storage.withLock { $0.memoryUsage }
    }

    // listing: cache-add
    /// Adds the image, replacing any image with the same identifier, then purges if the cache is
    /// over its capacity. Both happen under one lock: no reader ever sees the cache above its
    /// capacity. (AFNetworking adds and purges in two blocks on its queue, so a reader's block can
    /// run between them.)
    public func add(_ image: Image, withIdentifier identifier: String) {
        let totalBytes = UInt64(image.pixelWidth) * UInt64(image.pixelHeight) * 4
        storage.withLock { storage in
            storage.clock += 1
            let previous = storage.images.updateValue(
                CachedImage(image: image, totalBytes: totalBytes, lastAccess: storage.clock), forKey: identifier)
            storage.memoryUsage = storage.memoryUsage - (previous?.totalBytes ?? 0) + totalBytes
            if storage.memoryUsage > memoryCapacity {
                purge(&storage, downTo: preferredMemoryUsageAfterPurge)
            }
        }
    }

    /// Removes the least recently used images until at most `target` bytes are left.
    private func purge(_ storage: inout Storage, downTo target: UInt64) {
        let bytesToPurge = storage.memoryUsage - target
        var bytesPurged: UInt64 = 0
        for (identifier, cached) in storage.images.sorted(by: { $0.value.lastAccess < $1.value.lastAccess }) {
            guard bytesPurged < bytesToPurge else { break }
            storage.images[identifier] = nil
            bytesPurged += cached.totalBytes
        }
        storage.memoryUsage -= bytesPurged
    }
    // end-listing

    /// The image, which counts as an access: it is now the most recently used.
    public func image(withIdentifier identifier: String) -> Image? {
        storage.withLock { storage in
            guard var cached = storage.images[identifier] else { return nil }
            storage.clock += 1
            cached.lastAccess = storage.clock
            storage.images[identifier] = cached
            return cached.image
        }
    }

    @discardableResult
    public func removeImage(withIdentifier identifier: String) -> Bool {
        storage.withLock { storage in
            guard let removed = storage.images.removeValue(forKey: identifier) else { return false }
            storage.memoryUsage -= removed.totalBytes
            return true
        }
    }

    @discardableResult
    public func removeAllImages() -> Bool {
        storage.withLock { storage in
            guard !storage.images.isEmpty else { return false }
            storage.images.removeAll()
            storage.memoryUsage = 0
            return true
        }
    }

    // MARK: By request

    /// Always true, as in AFNetworking. A cache of your own can refuse an image here (one too
    /// large to be worth its memory, say) while keeping the rest of the protocol.
    public func shouldCache(_ image: Image, for request: URLRequest, withAdditionalIdentifier identifier: String?)
        -> Bool
    {
        true
    }

    public func add(_ image: Image, for request: URLRequest, withAdditionalIdentifier identifier: String?) {
        guard let key = imageCacheKey(for: request, additionalIdentifier: identifier) else { return }
        add(image, withIdentifier: key)
    }

    @discardableResult
    public func removeImage(for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Bool {
        guard let key = imageCacheKey(for: request, additionalIdentifier: identifier) else { return false }
        return removeImage(withIdentifier: key)
    }

    public func image(for request: URLRequest, withAdditionalIdentifier identifier: String?) -> Image? {
        imageCacheKey(for: request, additionalIdentifier: identifier).flatMap(image(withIdentifier:))
    }
}

/// The notification center's token for the memory-warning observer. It is only ever handed back
/// to `removeObserver`, from `deinit`: an ownership hand-off, hence `@unchecked`.
private struct ObserverToken: @unchecked Sendable {
    let token: any NSObjectProtocol
}
