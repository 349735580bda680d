import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

/// Validates `response` as AFNetworking's `validateResponse:data:error:` does (chapter 5), with one
/// rule of this API's own. The API explains its failures in problem details (RFC 9457), a JSON body
/// labelled `application/problem+json`:
///
/// - AFNetworking's rules: content type, then status; the empty-body exceptions; a status error
///   wraps a content-type error; a response that is not an `HTTPURLResponse` is valid;
/// - the variant: when the *status* fails and the MIME type is `application/problem+json`, the
///   content type counts as acceptable, so the error is the status error alone and nothing else.
///   The body is the server's explanation, not a mislabelled one. With a status that passes,
///   `application/problem+json` is judged like any other type.
public func validate(
    _ response: URLResponse?, data: Data?,
    acceptableStatusCodes: IndexSet? = IndexSet(integersIn: 200..<300),
    acceptableContentTypes: Set<String>? = nil
) -> Validation {
    guard let response = response as? HTTPURLResponse else { return .valid }
    let hasBody = !(data?.isEmpty ?? true)
    let mimeType = ContentType(of: response)?.mimeType
    // The variant needs the status's verdict before the content type is judged; the errors are
    // still chained in AFNetworking's order, the status error outside.
    let statusFailed = acceptableStatusCodes.map { !$0.contains(response.statusCode) } ?? false
    let explainsItsFailure = statusFailed && mimeType == "application/problem+json"
    var failed = false
    var error: ResponseSerializationError?

    if let acceptableContentTypes, !explainsItsFailure, mimeType != nil || hasBody,
       !acceptableContentTypes.contains(mimeType ?? "") {
        failed = true
        if hasBody {
            error = contentTypeError(mimeType, response, data)
        }
    }
    if statusFailed {
        failed = true
        error = .error(statusError(response, data), withUnderlyingError: error)
    }
    return failed ? .invalid(error) : .valid
}

/// The error for a MIME type that is not acceptable, as chapter 5's `validate` makes it.
func contentTypeError(_ mimeType: String?, _ response: HTTPURLResponse, _ data: Data?) -> ResponseSerializationError {
    ResponseSerializationError(.unacceptableContentType(mimeType), response: response, data: data)
}

/// The error for a status code that is not acceptable, as chapter 5's `validate` makes it.
func statusError(_ response: HTTPURLResponse, _ data: Data?) -> ResponseSerializationError {
    ResponseSerializationError(.unacceptableStatusCode(response.statusCode), response: response, data: data)
}
