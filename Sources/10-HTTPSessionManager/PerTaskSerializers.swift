import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import SessionManager
import Locking

/// The serializers of the façade's running tasks, which `responseSerializer(for:)` consults.
final class PerTaskSerializers: Sendable {
    private let entries = Protected<[ObjectIdentifier: any ResponseSerializer]>([:])

    func set(_ serializer: any ResponseSerializer, for task: URLSessionTask) {
        entries.withLock { $0[ObjectIdentifier(task)] = serializer }
    }

    func remove(_ task: URLSessionTask) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }

    /// How many tasks have a serializer here: 0 once every façade call has returned.
    var count: Int { entries.withLock { $0.count } }

    func serializer(for task: URLSessionTask) -> (any ResponseSerializer)? {
        entries.withLock { $0[ObjectIdentifier(task)] }
    }
}
