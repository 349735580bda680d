import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The few words chapter 1's trace shows for the manager's own steps.
enum TraceDetail {
    static func creation(of task: URLSessionTask) -> String {
        let kind =
            switch task {
            case is URLSessionUploadTask: "upload task"
            case is URLSessionDataTask: "data task"
            case is URLSessionDownloadTask: "download task"
            default: "task"
            }
        let request = task.originalRequest
        let target = request?.url.map { url in url.path + (url.query.map { "?" + $0 } ?? "") } ?? "(no URL)"
        return "\(kind) \(task.taskIdentifier): \(request?.httpMethod ?? "GET") \(target)"
    }
}
