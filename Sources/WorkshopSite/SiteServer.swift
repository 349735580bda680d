import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Workshop

/// Serves the rendered site from its folder on 127.0.0.1, on the same SwiftNIO HTTP/1.1 stack as
/// the course's test server. DocC's static site needs only files and two rules: a page's address
/// is a folder with an `index.html`, and an address that names no page gets DocC's own
/// `index.html`, whose script then shows "page not found" (with status 404 for anyone looking).
package final class SiteServer: Sendable {
    package let url: URL
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// Starts serving `folder` on `port` (0 for any free one); `/` redirects to `home`.
    package static func start(folder: URL, port: Int = 0, home: String) throws -> SiteServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let files = Files(root: folder.standardizedFileURL, home: home)
        do {
            let channel = try ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(FileHandler(files: files))
                    }
                }
                .bind(host: "127.0.0.1", port: port)
                .wait()
            return SiteServer(group: group, channel: channel, port: channel.localAddress?.port ?? port)
        } catch {
            try? group.syncShutdownGracefully()
            throw WorkshopError("could not serve the site on 127.0.0.1:\(port): \(error)")
        }
    }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel, port: Int) {
        self.group = group
        self.channel = channel
        self.url = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Waits until the process is stopped (Ctrl-C).
    package func wait() throws {
        try channel.closeFuture.wait()
    }

    package func stop() {
        try? group.syncShutdownGracefully()
    }

    /// What a request path maps to.
    struct Files: Sendable {
        let root: URL
        let home: String

        enum Answer: Equatable {
            case file(URL, status: HTTPResponseStatus)
            case redirect(String)
            case notFound
        }

        func answer(path rawPath: String) -> Answer {
            let path =
                (rawPath.split(separator: "?", maxSplits: 1).first.map(String.init) ?? rawPath).removingPercentEncoding
                ?? rawPath
            if path == "/" || path.isEmpty { return .redirect(home) }
            let segments = path.split(separator: "/")
            // Only files inside the site's folder: no way up and out of it.
            guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return .notFound }
            var file = root
            for segment in segments { file.appendPathComponent(String(segment)) }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) {
                if !isFolder.boolValue { return .file(file, status: .ok) }
                let index = file.appendingPathComponent("index.html")
                if FileManager.default.fileExists(atPath: index.path) { return .file(index, status: .ok) }
            }
            if segments.first == "documentation" || segments.first == "tutorials" {
                return .file(root.appendingPathComponent("index.html"), status: .notFound)
            }
            return .notFound
        }

        static func contentType(of file: URL) -> String {
            switch file.pathExtension.lowercased() {
            case "html": "text/html; charset=utf-8"
            case "js": "text/javascript; charset=utf-8"
            case "css": "text/css; charset=utf-8"
            case "json": "application/json"
            case "svg": "image/svg+xml"
            case "png": "image/png"
            case "jpg", "jpeg": "image/jpeg"
            case "ico": "image/x-icon"
            case "woff2": "font/woff2"
            case "txt", "md": "text/plain; charset=utf-8"
            default: "application/octet-stream"
            }
        }
    }

    private final class FileHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private let files: Files
        private var request: HTTPRequestHead?

        init(files: Files) { self.files = files }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): request = head
            case .body: break
            case .end:
                guard let head = request else { return }
                request = nil
                respond(to: head, context: context)
            }
        }

        private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
            var headers = HTTPHeaders()
            var status = HTTPResponseStatus.ok
            var body = ByteBuffer()
            switch head.method == .GET || head.method == .HEAD ? files.answer(path: head.uri) : .notFound {
            case .redirect(let location):
                status = .found
                headers.add(name: "Location", value: location)
            case .file(let file, let fileStatus):
                if let data = FileManager.default.contents(atPath: file.path) {
                    status = fileStatus
                    headers.add(name: "Content-Type", value: Files.contentType(of: file))
                    body = ByteBuffer(bytes: data)
                } else {
                    status = .notFound
                }
            case .notFound:
                status = .notFound
            }
            if status == .notFound, body.readableBytes == 0 {
                headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
                body = ByteBuffer(string: "no such page: \(head.uri)\n")
            }
            headers.add(name: "Content-Length", value: String(body.readableBytes))
            headers.add(name: "Cache-Control", value: "no-cache")
            let response = HTTPResponseHead(version: head.version, status: status, headers: headers)
            context.write(wrapOutboundOut(.head(response)), promise: nil)
            if head.method != .HEAD { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
