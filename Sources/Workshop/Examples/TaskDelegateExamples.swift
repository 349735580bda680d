import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseParsing
import Locking
import TaskDelegates

/// Chapter 8's examples.
enum TaskDelegateExamples {
    static let all = [unauthorizedThenOK]

    static let unauthorizedThenOK = Example(
        name: "task-delegate-401", chapter: 8,
        summary: "a 401 then a 200, as Linux delivers them, fed to a task delegate"
    ) { print in
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:9/basic-auth/user/pass")!)
        let transcript = Transcript()
        let done = DispatchSemaphore(value: 0)
        let center = NotificationCenter()
        let observer = center.addObserver(forName: .taskDidComplete, object: task, queue: nil) { note in
            let keys = (note.userInfo ?? [:]).keys.compactMap { ($0 as? String)?.split(separator: ".").last }.sorted()
            transcript.add("notification, userInfo: \(keys.joined(separator: ", "))")
            done.signal()
        }
        // listing: example-401-then-200
        let delegate = TaskDelegate(
            task: task,
            downloadProgress: { transcript.add("  progress \($0.completedUnitCount) of \($0.totalUnitCount)") },
            notificationCenter: center,
            completionHandler: { response, object, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                transcript.add(
                    "handler: \(status), \(Transcript.json(object)), error: \(error.map { "\($0)" } ?? "none")")
            })
        for (status, body) in [(401, #"{"authenticated":false}"#), (200, #"{"authenticated":true,"user":"user"}"#)] {
            transcript.add("response \(status)")
            delegate.didReceive(response: Transcript.response(status, length: body.utf8.count))
            delegate.didReceive(data: Data(body.utf8))
            transcript.add("  buffer: \(String(decoding: delegate.data, as: UTF8.self))")
        }
        let queue = DispatchQueue(label: "example.completion")  // not main: a command line has no main loop
        delegate.didComplete(error: nil, context: CompletionContext(completionQueue: queue, notificationQueue: queue))
        // end-listing
        done.wait()
        center.removeObserver(observer)
        session.invalidateAndCancel()
        transcript.lines.forEach { print($0) }
    }
}

/// Lines written from several queues, read once at the end.
private final class Transcript: Sendable {
    private let mutex = Protected<[String]>([])

    func add(_ line: String) { mutex.withLock { $0.append(line) } }
    var lines: [String] { mutex.withLock { $0 } }

    static func response(_ status: Int, length: Int) -> HTTPURLResponse {
        HTTPURLResponse(
            url: URL(string: "http://127.0.0.1:9/basic-auth/user/pass")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json", "Content-Length": "\(length)"])!
    }

    static func json(_ object: Any?) -> String {
        guard let object, let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return "no object"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
