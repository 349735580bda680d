import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

// listing: decodable-serializer
/// Validates, then decodes a JSON body into `Value` with a `JSONDecoder`: what AFNetworking's JSON
/// serializer would be if it were written for Swift. Same content types, same fast path, same
/// failures, and one more: a well-formed body of the wrong shape (`decodingFailed`).
public struct DecodableResponseSerializer<Value: Decodable>: ValidatingResponseSerializer {
    public var validation = HTTPResponseSerializer(acceptableContentTypes: [
        "application/json", "text/json", "text/javascript",
    ])
    /// A class: configure it before the serializer is shared, since copies of the serializer share it.
    public var decoder: JSONDecoder

    public init(_ type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()) {
        self.decoder = decoder
    }

    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<Value> {
        validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            if JSONText.isSingleSpace(body) { return nil }
            let text = try JSONText.utf8(body, response: response, defaultEncoding: validation.stringEncoding)
            do {
                return try decoder.decode(Value.self, from: text)
            } catch let error as DecodingError {
                throw reason(for: error, text: text)
            } catch {
                throw JSONText.diagnoseFailure(of: text, parserError: error)
            }
        }
    }
}
// end-listing

// listing: decodable-error-reason
extension DecodableResponseSerializer {
    /// A `dataCorrupted` error at the top level means the text is not JSON at all, if the parser
    /// agrees: on Linux, a number that does not fit its type (300 for a `UInt8`) comes this way too,
    /// with no path. Anything else means JSON of the wrong shape, reported with the path to the value
    /// that did not fit.
    private func reason(for error: DecodingError, text: Data) -> ResponseSerializationError.Reason {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let corrupted) where corrupted.codingPath.isEmpty:
            guard JSONText.parses(text) else {
                return JSONText.diagnoseFailure(of: text, parserError: corrupted.underlyingError ?? error)
            }
            return .decodingFailed(
                type: "\(Value.self)", detail: "a value does not fit its type (JSONDecoder gives no path)")
        case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found),
            .keyNotFound(_, let found):
            context = found
        @unknown default:
            return .decodingFailed(type: "\(Value.self)", detail: "\(error)")
        }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return .decodingFailed(
            type: "\(Value.self)", detail: (path.isEmpty ? "" : "at \(path): ") + context.debugDescription)
    }
}
// end-listing
