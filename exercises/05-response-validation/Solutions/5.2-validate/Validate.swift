import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation

/// Validates `response` the way AFNetworking's `validateResponse:data:error:` does (see chapter 5):
///
/// 1. content type first: with `acceptableContentTypes` set, a MIME type outside it fails, except
///    when the response has no MIME type *and* no body. A failure with a body gets an
///    `.unacceptableContentType` error; a failure with an empty body gets none;
/// 2. then the status: with `acceptableStatusCodes` set, a status outside it fails with an
///    `.unacceptableStatusCode` error, which wraps the content-type error if there is one;
/// 3. a response that is not an `HTTPURLResponse`, or none at all, is valid.
public func validate(
    _ response: URLResponse?, data: Data?,
    acceptableStatusCodes: IndexSet? = IndexSet(integersIn: 200..<300),
    acceptableContentTypes: Set<String>? = nil
) -> Validation {
    guard let response = response as? HTTPURLResponse else { return .valid }
    let hasBody = !(data?.isEmpty ?? true)
    let mimeType = ContentType(of: response)?.mimeType
    var failed = false
    var error: ResponseSerializationError?

    if let acceptableContentTypes, mimeType != nil || hasBody, !acceptableContentTypes.contains(mimeType ?? "") {
        failed = true
        if hasBody {
            error = ResponseSerializationError(.unacceptableContentType(mimeType), response: response, data: data)
        }
    }
    if let acceptableStatusCodes, !acceptableStatusCodes.contains(response.statusCode) {
        failed = true
        let statusError = ResponseSerializationError(.unacceptableStatusCode(response.statusCode), response: response, data: data)
        error = .error(statusError, withUnderlyingError: error)
    }
    return failed ? .invalid(error) : .valid
}
