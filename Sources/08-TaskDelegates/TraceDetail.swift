import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

/// The few words chapter 1's trace shows for each step of a task. Built only while a tracer
/// listens.
enum TraceDetail {
    static func response(_ response: URLResponse) -> String {
        let expected =
            response.expectedContentLength < 0 ? "length unknown" : "\(response.expectedContentLength) bytes expected"
        guard let http = response as? HTTPURLResponse else { return expected }
        let type = http.value(forHTTPHeaderField: "Content-Type") ?? "no Content-Type"
        return "\(http.statusCode), \(type), \(expected)"
    }

    static func completion(_ error: (any Error)?, bytes: Int) -> String {
        guard let error else { return "no error, \(bytes) bytes in the buffer" }
        return "\(describe(error)): straight to the completion queue, no serializer"
    }

    static func validation(_ validation: Validation) -> String {
        switch validation {
        case .valid: "status and content type acceptable"
        case .invalid(let error?): "not acceptable: \(describe(error))"
        case .invalid(nil): "not acceptable (empty body, no error object)"
        }
    }

    /// What the completion handler receives: the object's type and the error, both possibly set.
    static func handlerArguments(_ object: Any?, _ error: (any Error)?) -> String {
        let object = object.map { "object \(type(of: $0))" } ?? "no object"
        return error.map { "\(object), error \(describe($0))" } ?? object
    }

    /// The notification's keys, by their last word (`com.alamofire.networking.task.complete.error` → `error`).
    static func userInfo(_ userInfo: [AnyHashable: Any]) -> String {
        let keys = userInfo.keys.map { "\($0.base)" }
        return "posted, userInfo: "
            + keys.map { $0.split(separator: ".").last.map(String.init) ?? $0 }.sorted().joined(separator: ", ")
    }

    static func describe(_ error: any Error) -> String {
        let error = error as NSError
        return "\(error.domain) \(error.code)"
    }
}
