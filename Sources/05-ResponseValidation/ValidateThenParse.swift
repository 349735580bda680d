import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPResponseSerializer {
    // listing: validate-then-parse
    /// Validates, then parses the body with `parse`, deciding as AFNetworking's JSON parser does:
    ///
    /// - a content-type failure anywhere in the validation error's chain: no parse, no object.
    ///   The body is in some other format, and parsing it would only add a misleading error;
    /// - any other failure (a status): parse anyway, and return the object *with* the error;
    /// - an empty body: no object, in every format (AFNetworking's XML and plist parsers differ);
    /// - a parse failure: its error, with the validation error (if any) beneath it.
    ///
    /// Every AFNetworking parser repeats the first rule's four lines; here it is written once.
    public func serialize<Object>(
        _ response: URLResponse?, data: Data?,
        parse: (Data) throws(ResponseSerializationError.Reason) -> Object?
    ) -> SerializedResponse<Object> {
        let validationError = validate(response, data: data).error
        let contentTypeFailed = errorOrUnderlyingError(
            validationError, hasCode: NSURLErrorCannotDecodeContentData,
            inDomain: ResponseSerializationError.errorDomain)
        guard !contentTypeFailed, let data, !data.isEmpty else {
            return SerializedResponse(object: nil, error: validationError)
        }
        do throws(ResponseSerializationError.Reason) {
            if let limit = maximumBodySize, data.count > limit {
                throw ResponseSerializationError.Reason.bodyTooLarge(byteCount: data.count, limit: limit)
            }
            return SerializedResponse(object: try parse(data), error: validationError)
        } catch {
            let parseError = ResponseSerializationError(error, response: response, data: data)
            return SerializedResponse(object: nil, error: .error(parseError, withUnderlyingError: validationError))
        }
    }
    // end-listing
}

/// A serializer that validates with an `HTTPResponseSerializer` before it parses: every parser of
/// chapter 6. AFNetworking's parsers inherit the validation properties from their superclass; a
/// Swift value cannot inherit, so it holds the validator and forwards to it.
public protocol ValidatingResponseSerializer: ResponseSerializer {
    var validation: HTTPResponseSerializer { get set }
}

extension ValidatingResponseSerializer {
    public var acceptableStatusCodes: IndexSet? {
        get { validation.acceptableStatusCodes }
        set { validation.acceptableStatusCodes = newValue }
    }

    public var acceptableContentTypes: Set<String>? {
        get { validation.acceptableContentTypes }
        set { validation.acceptableContentTypes = newValue }
    }

    public var stringEncoding: String.Encoding {
        get { validation.stringEncoding }
        set { validation.stringEncoding = newValue }
    }

    public var maximumBodySize: Int? {
        get { validation.maximumBodySize }
        set { validation.maximumBodySize = newValue }
    }
}
