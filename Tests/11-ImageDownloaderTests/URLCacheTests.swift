import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ImageDownloader
import TestSupport
import Testing

/// What of `URLCache` works under URLSession on Linux (FoundationNetworking, Swift 6.3.1), and so
/// why the image cache is the only cache the downloader can count on there. Each test uses a
/// `URLCache` with a folder of its own: a cache made without one shares a folder in the user's
/// caches with every other cache of the same program, from one run to the next.
@Suite("URLCache on Linux")
struct URLCacheTests {
    #if canImport(FoundationNetworking)
    /// A response the server marks cacheable for ten minutes.
    static let cacheable = "/response?content-type=image/png&body=pretend&header=Cache-Control:%20max-age%3D600"

    func withCache(_ body: (URLCache, URLSession, HTTPBin) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afn-urlcache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = URLCache(memoryCapacity: 20 << 20, diskCapacity: 150 << 20, diskPath: folder.path)
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = cache
        let session = URLSession(configuration: configuration)
        let server = try await HTTPBin.start()
        do {
            try await body(cache, session, server)
            session.invalidateAndCancel()
            try await server.shutdown()
        } catch {
            session.invalidateAndCancel()
            try? await server.shutdown()
            throw error
        }
    }

    /// The body a bare session's completion handler received.
    func body(_ session: URLSession, _ request: URLRequest) async -> String? {
        await withCheckedContinuation { continuation in
            session.dataTask(with: request) { data, _, _ in
                continuation.resume(returning: data.map { String(decoding: $0, as: UTF8.self) })
            }.resume()
        }
    }

    @Test(
        "URLSession stores no response in its URL cache, even one cacheable for ten minutes: both requests reach the server"
    )
    func storesNothing() async throws {
        try await withCache { cache, session, server in
            let request = URLRequest(url: server.url(Self.cacheable))
            _ = await body(session, request)
            _ = await body(session, request)
            #expect(server.requests.filter { $0.uri == Self.cacheable }.count == 2)
            #expect(cache.cachedResponse(for: request) == nil)
            #expect(cache.currentDiskUsage == 0)
        }
    }

    @Test(
        "A response stored by hand is filed under host, port and path: stored for ?id=1, it answers ?id=2, whatever the cache policy"
    )
    func keyIgnoresTheQuery() async throws {
        try await withCache { cache, session, server in
            let first = URLRequest(url: server.url("/response?id=1"))
            let response = try #require(
                HTTPURLResponse(
                    url: first.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Type": "text/plain"]))
            cache.storeCachedResponse(
                CachedURLResponse(response: response, data: Data("the image of id 1".utf8)), for: first)
            var second = URLRequest(url: server.url("/response?id=2&body=the%20image%20of%20id%202"))
            second.cachePolicy = .reloadIgnoringLocalCacheData
            #expect(await body(session, second) == "the image of id 1")
            #expect(server.requests.isEmpty)
        }
    }
    #endif

    @Test(
        "The downloader's default configuration: AFNetworking's URL cache on Darwin, none on Linux; the image cache saves the second request"
    )
    func defaultConfiguration() async throws {
        let configuration = ImageDownloader.defaultURLSessionConfiguration()
        #expect(configuration.timeoutIntervalForRequest == 60)
        #expect(configuration.httpShouldSetCookies)
        #if canImport(FoundationNetworking)
        #expect(configuration.urlCache == nil)
        #else
        #expect(configuration.urlCache?.memoryCapacity == 20 * 1024 * 1024)
        #expect(configuration.urlCache?.diskCapacity == 150 * 1024 * 1024)
        #endif
        let server = try await HTTPBin.start()
        for (imageCache, expectedHits) in [(AutoPurgingImageCache() as AutoPurgingImageCache?, 1), (nil, 2)] {
            let downloader = ImageDownloader(
                sessionManager: HTTPSessionManager(configuration: configuration), imageCache: imageCache)
            downloader.sessionManager.completionQueue = DispatchQueue(label: "test.manager.completion")
            downloader.completionQueue = DispatchQueue(label: "test.downloader.completion")
            let path = "/image/numbered/60?cache=\(expectedHits)"
            for _ in 0..<2 {
                let answered = Locked(false)
                downloader.downloadImage(
                    for: URLRequest(url: server.url(path)), success: { _, _, _ in answered.withLock { $0 = true } })
                #expect(await eventually(within: 60) { answered.value })
            }
            #expect(server.requests.filter { $0.uri == path }.count == expectedHits)
            downloader.sessionManager.invalidateSession(cancelingTasks: true)
        }
        try await server.shutdown()
    }
}
