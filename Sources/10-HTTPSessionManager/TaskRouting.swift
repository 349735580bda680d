import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import SessionManager
import Synchronization

// listing: task-routing-serializer
/// The manager-level serializer the async façade installs, so that each of its calls can parse
/// with its own serializer. Chapter 9's manager, like AFNetworking's, reads one serializer when
/// a task completes; this one looks the task up by its response (the very object
/// `task.response` returns) and uses that task's serializer, or the one it replaced.
struct TaskRoutingSerializer: ResponseSerializer {
    let table: PerTaskSerializers
    /// The serializer that was in place before: every other task still uses it.
    let fallback: any ResponseSerializer

    func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Any> {
        (table.serializer(for: response) ?? fallback).anyResponseObject(for: response, data: data)
    }
}
// end-listing

/// The serializers of the façade's running tasks.
final class PerTaskSerializers: Sendable {
    private let entries = ManagerLock<[ObjectIdentifier: Entry]>([:])

    private struct Entry: Sendable {
        let task: URLSessionTask
        let serializer: any ResponseSerializer
    }

    func set(_ serializer: any ResponseSerializer, for task: URLSessionTask) {
        entries.withLock { $0[ObjectIdentifier(task)] = Entry(task: task, serializer: serializer) }
    }

    func remove(_ task: URLSessionTask) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }

    /// How many tasks have a serializer here: 0 once every façade call has returned.
    var count: Int { entries.withLock { $0.count } }

    /// The serializer of the task whose response this is. The tasks are copied out first, so that
    /// reading `task.response` (which takes URLSession's own lock) never happens under this one.
    func serializer(for response: URLResponse?) -> (any ResponseSerializer)? {
        guard let response else { return nil }
        let candidates = entries.withLock { Array($0.values) }
        return candidates.first { $0.task.response === response }?.serializer
    }
}

extension HTTPSessionManager {
    /// Puts the routing serializer in front of whatever serializer the manager has, once.
    func routeResponsesPerTask() {
        let current = responseSerializer
        guard !(current is TaskRoutingSerializer) else { return }
        responseSerializer = TaskRoutingSerializer(table: perTaskSerializers, fallback: current)
    }
}
