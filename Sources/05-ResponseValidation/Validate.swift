import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPResponseSerializer {
    // listing: validate-response
    /// Checks the content type, then the status code, in the order of AFNetworking's `validateResponse:data:error:`.
    public func validate(_ response: URLResponse?, data: Data?) -> Validation {
        // Only an HTTP response has a status and headers to check: a file or data URL passes.
        guard let response = response as? HTTPURLResponse else { return .valid }
        let bodyIsEmpty = data?.isEmpty ?? true
        let mimeType = ContentType(of: response)?.mimeType
        var isValid = true
        var error: ResponseSerializationError?

        // 1. The content type. No MIME type and no body (a 204, a HEAD) leaves nothing to mislabel.
        if let acceptable = acceptableContentTypes,
            !(mimeType.map { acceptable.contains($0) } ?? false),
            !(mimeType == nil && bodyIsEmpty)
        {
            // An empty body fails without an error object: there is no content to report on.
            if !bodyIsEmpty {
                error = ResponseSerializationError(.unacceptableContentType(mimeType), response: response, data: data)
            }
            isValid = false
        }

        // 2. The status. When both fail, the status error wraps the content-type error.
        if let acceptable = acceptableStatusCodes, !acceptable.contains(response.statusCode) {
            let statusError = ResponseSerializationError(
                .unacceptableStatusCode(response.statusCode), response: response, data: data)
            error = .error(statusError, withUnderlyingError: error)
            isValid = false
        }
        return isValid ? .valid : .invalid(error)
    }
    // end-listing
}
