import Chapter09Exercise3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import ResponseValidation
import SessionManager
import TaskDelegates
import Synchronization
import Testing

/// The truth is not written down here: one real GET through the manager records where each moment
/// ran, and the predictions are compared with that.
@Suite("9.3 Predict the queues")
struct PredictionsTests {
    @Test("Every moment has a prediction")
    func complete() {
        #expect(Set(predictions.keys) == Set(Moment.allCases))
    }

    @Test("Each prediction matches where the moment ran in a real request")
    func matches() async throws {
        let observed = try await Recorder.observe()
        for moment in Moment.allCases {
            #expect(predictions[moment] == observed[moment], "\(moment.rawValue): ran on \(observed[moment].map { "\($0)" } ?? "?")")
        }
    }
}

enum Recorder {
    static let key = DispatchSpecificKey<String>()

    /// Where the current code runs, told apart by the labels the queues carry.
    static func here(manager: URLSessionManager) -> Place {
        if OperationQueue.current === manager.operationQueue { return .delegateQueue }
        switch DispatchQueue.getSpecific(key: key) {
        case "completion": return .completionQueue
        case "notifications": return .notificationQueue
        case "processing": return .processingQueue
        default: return .caller
        }
    }

    static func observe() async throws -> [Moment: Place] {
        let server = try await HTTPBin.start()
        let center = NotificationCenter()
        let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: center)
        let completion = DispatchQueue(label: "completion")
        let notifications = DispatchQueue(label: "notifications")
        completion.setSpecific(key: key, value: "completion")
        notifications.setSpecific(key: key, value: "notifications")
        CompletionContext.sharedProcessingQueue.setSpecific(key: key, value: "processing")
        manager.completionQueue = completion
        manager.notificationQueue = notifications

        let seen = Mutex<[Moment: Place]>([:])
        @Sendable func record(_ moment: Moment) {
            let place = here(manager: manager)
            seen.withLock { if $0[moment] == nil { $0[moment] = place } }
        }
        let observers = [
            center.addObserver(forName: .taskDidResume, object: nil, queue: nil) { _ in record(.resumeNotification) },
            center.addObserver(forName: .taskDidComplete, object: nil, queue: nil) { _ in record(.completeNotification) },
        ]
        manager.hooks.dataTaskDidReceiveResponse = { _, _, _ in
            record(.responseHook)
            return .allow
        }
        manager.hooks.taskDidComplete = { _, _, _ in record(.completeHook) }
        manager.responseSerializer = Serializer(record: record)

        let task = try manager.dataTask(
            with: URLRequest(url: server.url("/bytes/1000")), downloadProgress: { _ in record(.downloadProgress) },
            completionHandler: { _, _, _ in record(.completionHandler) })
        record(.taskCreated)
        manager.resume(task)
        for _ in 0..<1000 where seen.withLock({ $0.count }) < Moment.allCases.count {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        observers.forEach(center.removeObserver)
        manager.invalidateSession(cancelingTasks: true)
        try await server.shutdown()
        return seen.withLock { $0 }
    }

    struct Serializer: ResponseSerializer {
        let record: @Sendable (Moment) -> Void

        func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Data> {
            record(.serializer)
            return SerializedResponse(object: data, error: nil)
        }
    }
}
