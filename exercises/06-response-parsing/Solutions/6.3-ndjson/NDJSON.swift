import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

/// A serializer for newline-delimited JSON (`application/x-ndjson`): one JSON value per line, the
/// format of log streams and bulk APIs. It validates like every serializer of chapter 6, then
/// parses each line on its own:
///
/// - the object is an array with one element per non-blank line, in order;
/// - a line holds any JSON value: an object or an array, or a bare number, string, `true`, `false`
///   or `null`;
/// - a line may end in `\n` or `\r\n`; a blank line is skipped;
/// - a line that is not JSON fails the whole body with `.malformedBody(format: "NDJSON", detail:)`,
///   whose detail names the line, counting from 1 (`line 3 is not JSON`).
///
/// `serialize(_:data:parse:)` does everything but the parsing: the content-type rule, the status
/// error returned with the object, the empty body, the size limit and the chaining.
public struct NDJSONResponseSerializer: ValidatingResponseSerializer {
    public var validation = HTTPResponseSerializer(acceptableContentTypes: ["application/x-ndjson"])

    public init() {}

    public func responseObject(for response: URLResponse?, data: Data?) -> SerializedResponse<[Any]> {
        validation.serialize(response, data: data) { body throws(ResponseSerializationError.Reason) in
            var values: [Any] = []
            let lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
                if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
                guard let value = try? JSONSerialization.jsonObject(with: Data(text), options: .fragmentsAllowed) else {
                    throw .malformedBody(format: "NDJSON", detail: "line \(index + 1) is not JSON")
                }
                values.append(value)
            }
            return values
        }
    }
}
