import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ImageDownloader
import ImageInflation
import RequestSerialization
import ResponseValidation
import Locking
import Tracing

/// `swift run workshop tour`: one request through everything chapters 2–10 build, against an
/// HTTPBin started in-process, traced by the library's own hook (chapter 1).
package enum Tour {
    package enum Variant: String, Sendable, CaseIterable {
        /// A GET with a query, a JSON answer: the success path.
        case get
        /// A 404 with a JSON body: the failure path, with the object and the error together.
        case notFound = "status 404"
        /// A PNG through chapter 7's image serializer.
        case image
        /// A form POST, with upload progress.
        case post
        /// A GET cancelled once its first byte has arrived: completion exactly once.
        case cancel
        /// A download to a file: the body goes to disk, the file is moved, and its URL is the object.
        case download
        /// Two callers ask chapter 11's image downloader for one image: one task, one decode,
        /// two handlers.
        case merged
    }

    /// What one run of the tour recorded.
    package struct Run: Sendable {
        package var variant: Variant
        /// Every step, in the order the tracer received them.
        package var events: [TraceEvent]
        /// How many times the caller's success or failure closure ran (always 1).
        package var completions: Int
        /// The server's port, so that output can mask it.
        package var port: Int
        /// The inflated image of `--image`, for the terminal preview.
        package var bitmap: Bitmap?
        /// Where `--download` put its file (removed, with its directory, when the tour ends).
        package var file: URL?
        /// How many requests HTTPBin received (`--merged`: one for two callers).
        package var serverRequests: Int?
    }

    /// Starts HTTPBin, makes the variant's request, waits until the did-complete notification has
    /// been posted, and stops the server.
    package static func run(_ variant: Variant) async throws -> Run {
        let server = try await HTTPBin.start()
        do {
            let run = try await run(variant, against: server)
            try await server.shutdown()
            return run
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    static func run(_ variant: Variant, against server: HTTPBin) async throws -> Run {
        if variant == .merged { return try await runMerged(against: server) }
        let recorder = TourRecorder()
        // listing: tour-manager
        let manager = HTTPSessionManager(baseURL: server.url("/anything/api/v1"), configuration: .ephemeral)
        // In an app both are the main queue. A command-line program has no main run loop
        // unless it starts one (chapter 8), so the tour names two queues of its own.
        manager.completionQueue = DispatchQueue(label: "completion queue")
        manager.notificationQueue = DispatchQueue(label: "notification queue")
        manager.tracer = Tracer(sink: recorder.record)
        // end-listing
        // The same headers on every machine, so that the echoed body has the same size.
        manager.requestSerializer = HTTPRequestSerializer(
            languages: ["en"], userAgent: "AFNetworking from the inside (tour)")
        if variant == .image { manager.responseSerializer = ImageResponseSerializer() }
        // A downloaded file is not JSON: validation alone, as an app downloading with
        // AFNetworking sets `AFHTTPResponseSerializer`.
        if variant == .download { manager.responseSerializer = HTTPResponseSerializer() }
        // The download's destination: a directory of its own, so that the file's name is always
        // the same (a move into a directory that does not exist fails, and the task still succeeds
        // with that URL as its object: AFNetworking only posts a notification about it).
        let downloads = FileManager.default.temporaryDirectory.appendingPathComponent("afn-tour-\(UUID().uuidString)")
        if variant == .download {
            try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: downloads) }

        let tracer = manager.tracer!
        let caller = TracePlace.current
        let completionQueue = TracePlace.queue(manager.completionQueue)
        let outcome = TourOutcome()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let ending = Ending(finished)
            recorder.onNotification = { ending.notificationPosted() }
            let succeeded: @Sendable (Any?) -> Void = { object in
                tracer.record(.caller, on: completionQueue, "success: \(TourOutcome.describe(object))")
                outcome.complete(object: object)
                ending.callerCompleted()
            }
            let failed: @Sendable (any Error) -> Void = { error in
                tracer.record(.caller, on: completionQueue, "failure: \(TourOutcome.describe(error))")
                outcome.complete(object: nil)
                ending.callerCompleted()
            }
            let success: HTTPSessionManager.Success = { _, object in succeeded(object) }
            let failure: HTTPSessionManager.Failure = { _, error in failed(error) }
            let task: URLSessionTask?
            switch variant {
            case .get:
                tracer.record(
                    .caller, on: caller, #"GET "books" ["author": "Ada Lovelace", "tags": ["swift", "linux"]]"#)
                // listing: tour-get
                task = manager.get(
                    "books", parameters: ["author": "Ada Lovelace", "tags": ["swift", "linux"]],
                    success: success, failure: failure)
            // end-listing
            case .notFound:
                tracer.record(.caller, on: caller, #"GET "/response" (a 404 whose body is JSON)"#)
                task = manager.get(
                    "/response",
                    parameters: [
                        "status": 404, "content-type": "application/json", "body": #"{"error":"no such book"}"#,
                    ],
                    success: success, failure: failure)
            case .image:
                tracer.record(.caller, on: caller, #"GET "/image/png", with ImageResponseSerializer"#)
                task = manager.get("/image/png", parameters: ["fixture": "small"], success: success, failure: failure)
            case .post:
                tracer.record(.caller, on: caller, #"POST "orders" ["item": "book", "quantity": 2]"#)
                task = manager.post(
                    "orders", parameters: ["item": "book", "quantity": 2],
                    progress: { progress in
                        tracer.record(
                            .caller, on: TracePlace.current,
                            "upload progress \(progress.completedUnitCount) of \(progress.totalUnitCount)")
                    },
                    success: success, failure: failure)
            case .cancel:
                tracer.record(.caller, on: caller, #"GET "/drip" (10 bytes over 3 s), cancelled at the first byte"#)
                let slot = Protected<URLSessionTask?>(nil)
                task = manager.get(
                    "/drip", parameters: ["bytes": 10, "duration": 3000],
                    progress: { progress in
                        // The first report comes with the response (0 bytes); cancel at the first byte.
                        guard progress.completedUnitCount > 0, let task = slot.withLock({ $0.take() }) else { return }
                        tracer.record(
                            .caller, on: TracePlace.current,
                            "cancel() after \(progress.completedUnitCount) of \(progress.totalUnitCount) bytes")
                        task.cancel()
                    },
                    success: success, failure: failure)
                slot.withLock { $0 = task }
            case .merged:
                preconditionFailure("runMerged(against:) runs this variant")
            case .download:
                tracer.record(
                    .caller, on: caller,
                    #"download "/bytes/65536" to a file (no verb: request(method:urlString:), then downloadTask)"#)
                task = download(
                    "/bytes/65536", with: manager, to: downloads.appendingPathComponent("tour-download.bin"),
                    progress: { progress in
                        tracer.record(
                            .caller, on: TracePlace.current,
                            "download progress \(progress.completedUnitCount) of \(progress.totalUnitCount)")
                    },
                    completion: { object, error in
                        if let error { failed(error) } else { succeeded(object) }
                    })
            }
            if task == nil {
                ending.callerCompleted()
                ending.notificationPosted()
            }
        }
        // A manager owns its session until it is invalidated: let it go, as an app would.
        manager.invalidateSession(cancelingTasks: true)
        let (completions, object) = outcome.result
        return Run(
            variant: variant, events: recorder.events, completions: completions, port: server.port,
            bitmap: (object as? Image)?.bitmap, file: object as? URL)
    }
}

extension Tour {
    /// AFHTTPSessionManager has no download verb: an app builds the request with the manager's
    /// serializers (chapter 10) and asks the session manager for a download task (chapter 9).
    static func download(
        _ urlString: String, with manager: HTTPSessionManager, to file: URL,
        progress: @escaping HTTPSessionManager.ProgressHandler,
        completion: @escaping @Sendable (_ file: Any?, (any Error)?) -> Void
    ) -> URLSessionTask? {
        guard let request = try? manager.request(method: "GET", urlString: urlString),
            let task = try? manager.downloadTask(
                with: request, progress: progress, destination: { _, _ in file },
                completionHandler: { _, object, error in completion(object, error) })
        else { return nil }
        manager.resume(task)
        return task
    }
}

/// Collects the trace, and says when the did-complete notification has gone out (the tour's last
/// step: it comes after the caller's closure).
final class TourRecorder: Sendable {
    private let storage = Protected<(events: [TraceEvent], onNotification: (@Sendable () -> Void)?)>(([], nil))

    var events: [TraceEvent] { storage.withLock { $0.events } }

    var onNotification: (@Sendable () -> Void)? {
        get { storage.withLock { $0.onNotification } }
        set { storage.withLock { $0.onNotification = newValue } }
    }

    @Sendable func record(_ event: TraceEvent) {
        let notify = storage.withLock { storage -> (@Sendable () -> Void)? in
            storage.events.append(event)
            return event.step == .didCompleteNotification ? storage.onNotification : nil
        }
        notify?()
    }
}

/// The caller's closure ran (how often, and with what), shared between the queues it runs on.
final class TourOutcome: Sendable {
    private struct Box: @unchecked Sendable { var object: Any? }
    private let storage = Protected<(count: Int, object: Box)>((0, Box(object: nil)))

    /// The object is handed over once, from the completion queue, and only read after the tour
    /// has finished waiting: an ownership hand-off, as chapter 8's `Outcome`.
    func complete(object: Any?) {
        storage.withLock {
            $0.count += 1
            $0.object = Box(object: object)
        }
    }

    var result: (count: Int, object: Any?) { storage.withLock { ($0.count, $0.object.object) } }

    static func describe(_ object: Any?) -> String {
        switch object {
        case let dictionary as [String: Any]:
            "a dictionary with \(dictionary.count) keys (\(dictionary.keys.sorted().prefix(4).joined(separator: ", "))…)"
        case let image as Image:
            "a \(image.pixelWidth)×\(image.pixelHeight) image, \(image.isInflated ? "inflated" : "compressed")"
        case let file as URL: "the file \(file.lastPathComponent), \(TourOutcome.size(of: file)) bytes"
        case nil: "no object"
        case let other?: "\(type(of: other))"
        }
    }

    static func size(of file: URL) -> String {
        ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? Int).map(String.init) ?? "?"
    }

    static func describe(_ error: any Error) -> String {
        let bridged = error as NSError
        var text = "\(bridged.domain) \(bridged.code)"
        if let serialization = error as? ResponseSerializationError, let body = serialization.data {
            text += ", the body (\(body.count) bytes) in the error"
        }
        return text
    }
}

/// Resumes the tour once both its ends have happened: the caller's closure, then the notification.
final class Ending: Sendable {
    private let state = Protected<
        (callersLeft: Int, notification: Bool, continuation: CheckedContinuation<Void, Never>?)
    >((1, false, nil))

    /// `callers`: how many closures must run (two for `--merged`).
    init(_ continuation: CheckedContinuation<Void, Never>, callers: Int = 1) {
        state.withLock { $0 = (callers, false, continuation) }
    }

    func callerCompleted() { update { $0.callersLeft -= 1 } }
    func notificationPosted() { update { $0.notification = true } }

    private func update(
        _ change: (inout (callersLeft: Int, notification: Bool, continuation: CheckedContinuation<Void, Never>?)) ->
            Void
    ) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            change(&state)
            guard state.callersLeft <= 0, state.notification else { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
