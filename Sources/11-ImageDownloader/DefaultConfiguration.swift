import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ImageDownloader {
    // listing: default-configuration
    /// AFNetworking's session settings for images: cookies on, the protocol's cache policy, a
    /// 60 s request timeout, and a URL cache of its own. (It also turns HTTP pipelining off, which
    /// is the default, and a property Swift now marks deprecated.) On Linux, no URL cache:
    /// URLSession there stores no response in one (step 6 measures it), so a cache would cost a
    /// lookup before every request and save none.
    public static func defaultURLSessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.httpShouldSetCookies = true
        configuration.requestCachePolicy = .useProtocolCachePolicy
        configuration.allowsCellularAccess = true
        configuration.timeoutIntervalForRequest = 60
        #if canImport(FoundationNetworking)
        configuration.urlCache = nil
        #else
        configuration.urlCache = defaultURLCache()
        #endif
        return configuration
    }
    // end-listing

    // listing: default-url-cache
    /// AFNetworking's URL cache for images: 20 MB in memory, 150 MB on disk, in its own folder
    /// of the user's caches.
    public static func defaultURLCache() -> URLCache {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let folder = caches.appendingPathComponent("com.alamofire.imagedownloader")
        #if canImport(FoundationNetworking)
        return URLCache(memoryCapacity: 20 * 1024 * 1024, diskCapacity: 150 * 1024 * 1024, diskPath: folder.path)
        #else
        return URLCache(memoryCapacity: 20 * 1024 * 1024, diskCapacity: 150 * 1024 * 1024, directory: folder)
        #endif
    }
    // end-listing
}
