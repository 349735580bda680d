import Chapter09Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import Locking
import ResponseValidation
import SessionManager
import TaskDelegates
import Testing

/// The truth is not written down here: the three requests run through a real manager, which
/// records where each moment ran, and each reason is compared with that.
@Suite("9.3 Predict the queues, and why")
struct PredictionsTests {
    @Test("Every moment has a reason")
    func complete() {
        let missing = Moment.allCases.filter { predictions[$0] == nil }.map(\.rawValue)
        #expect(missing.isEmpty, "no reason yet for: \(missing.joined(separator: ", "))")
    }

    @Test("Each reason puts its moment where it really ran")
    func matches() async throws {
        let observed = try await Recorder.observe()
        let wrong = Moment.allCases.filter { moment in
            guard let why = predictions[moment] else { return true }
            return why.place != observed[moment] ?? .nowhere
        }
        // The message counts the wrong reasons and names none of them, nor where anything ran:
        // a message that did would hand over the answer the exercise asks you to reason out.
        #expect(
            wrong.isEmpty,
            "\(wrong.count) of your \(Moment.allCases.count) reasons put a moment somewhere it did not run. For each one, ask again who calls that code, and whether anything hops on the way (swift run workshop hint 9.3)."
        )
    }
}

/// Where a moment ran, or that it did not.
enum Place: Equatable {
    case caller, delegateQueue, processingQueue, completionQueue, notificationQueue, nowhere
}

extension Why {
    var place: Place {
        switch self {
        case .calledInACallbackWithoutAHop: .delegateQueue
        case .parsingIsKeptOffTheDelegateQueue: .processingQueue
        case .handedToTheCompletionQueue: .completionQueue
        case .postedWithAHopToTheNotificationQueue: .notificationQueue
        case .itDoesNotRun: .nowhere
        }
    }
}

enum Recorder {
    static let key = DispatchSpecificKey<String>()
    /// True in the test's own task, and so in anything the manager runs on the caller's thread
    /// before it returns; false on every queue.
    @TaskLocal static var onCaller = false

    static func observe() async throws -> [Moment: Place] {
        try await $onCaller.withValue(true) { try await run() }
    }

    private static func run() async throws -> [Moment: Place] {
        let server = try await HTTPBin.start()
        let center = NotificationCenter()
        let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: center)
        let completion = DispatchQueue(label: "completion")
        let notifications = DispatchQueue(label: "notifications")
        completion.setSpecific(key: key, value: "completion")
        notifications.setSpecific(key: key, value: "notifications")
        manager.completionQueue = completion
        manager.notificationQueue = notifications

        let seen = Protected<[Moment: Place]>([:])
        @Sendable func record(_ moment: Moment) {
            let place: Place
            if OperationQueue.current === manager.operationQueue {
                place = .delegateQueue
            } else if onCaller {
                place = .caller
            } else {
                // The processing queue is the library's own (chapter 8), out of an app's reach:
                // it is the queue that is none of the others.
                switch DispatchQueue.getSpecific(key: key) {
                case "completion": place = .completionQueue
                case "notifications": place = .notificationQueue
                default: place = .processingQueue
                }
            }
            seen.withLock { if $0[moment] == nil { $0[moment] = place } }
        }
        func waitFor(_ moments: Set<Moment>) async throws {
            var polls = 0
            while !moments.isSubset(of: Set(seen.withLock { $0.keys })), polls < 3000 {
                try await Task.sleep(nanoseconds: 10_000_000)
                polls += 1
            }
        }

        let refused = Protected<URLSessionTask?>(nil)
        manager.updateHooks { hooks in
            hooks.taskDidComplete = { _, task, _ in if task === refused.withLock({ $0 }) { record(.refusedCompleteHook) } }
            hooks.downloadTaskDidFinishDownloading = { _, _, _ in
                record(.downloadHook)
                return nil
            }
            hooks.sessionDidBecomeInvalid = { _, _ in record(.invalidationHook) }
        }
        manager.responseSerializer = Serializer { record(.downloadSerializer) }
        let observers = [
            center.addObserver(forName: .taskDidComplete, object: nil, queue: nil) { notification in
                if (notification.object as? URLSessionTask) === refused.withLock({ $0 }) { record(.refusedCompleteNotification) }
            },
            center.addObserver(forName: .downloadTaskDidMoveFileSuccessfully, object: nil, queue: nil) { _ in
                record(.downloadMoveNotification)
            },
            center.addObserver(forName: .sessionDidInvalidate, object: nil, queue: nil) { _ in record(.invalidationNotification) },
        ]

        // 1. A GET to a port where nobody listens, with a serializer of its own.
        let get = try manager.dataTask(
            with: URLRequest(url: URL(string: "http://127.0.0.1:1/get")!),
            responseSerializer: Serializer { record(.refusedSerializer) },
            completionHandler: { _, _, _ in record(.refusedHandler) })
        refused.withLock { $0 = get }
        manager.resume(get)
        try await waitFor([.refusedHandler, .refusedCompleteHook, .refusedCompleteNotification])

        // 2. A download with a destination.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("9.3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let downloaded = Protected(false)
        let download = try manager.downloadTask(
            with: URLRequest(url: server.url("/bytes/1000")),
            destination: { _, _ in
                record(.downloadDestination)
                return folder.appendingPathComponent("bytes")
            },
            completionHandler: { _, _, _ in downloaded.withLock { $0 = true } })
        manager.resume(download)
        try await waitFor([.downloadHook, .downloadDestination, .downloadMoveNotification])
        var polls = 0
        while !downloaded.withLock({ $0 }), polls < 3000 {
            try await Task.sleep(nanoseconds: 10_000_000)
            polls += 1
        }

        // 3. An invalidation that finds a task never resumed.
        _ = try manager.dataTask(with: URLRequest(url: server.url("/get")), completionHandler: { _, _, _ in
            record(.neverResumedHandler)
        })
        manager.invalidateSession(cancelingTasks: true)
        try await waitFor([.invalidationHook, .invalidationNotification, .neverResumedHandler])

        observers.forEach(center.removeObserver)
        try await server.shutdown()
        return seen.withLock { $0 }
    }

    /// Records that it ran, and hands the data over.
    struct Serializer: ResponseSerializer {
        let ran: @Sendable () -> Void

        func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Data> {
            ran()
            return SerializedResponse(object: data, error: nil)
        }
    }
}
