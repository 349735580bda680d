import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization

/// A serializer AFNetworking never had: the parameters of a POST, PUT or PATCH are any `Encodable`
/// value (a struct of your own), sent as a JSON body written by `JSONEncoder`. GET, HEAD and DELETE
/// still use the query string, so their parameters are a dictionary as usual.
///
/// Parameters that are not `Encodable` are `.invalidParameters`; an encoder that fails (a `Double`
/// that is not a number, say) is `.bodyEncodingFailed`, carrying the encoder's error.
public struct EncodableRequestSerializer: RequestSerializer {
    public var http: HTTPRequestSerializer
    /// How `JSONEncoder` lays out the body; sorted keys by default, for a body that is the same every time.
    public var outputFormatting: JSONEncoder.OutputFormatting

    public init(http: HTTPRequestSerializer = HTTPRequestSerializer(), outputFormatting: JSONEncoder.OutputFormatting = [.sortedKeys]) {
        self.http = http
        self.outputFormatting = outputFormatting
    }

    public func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError) -> URLRequest {
        // Chapter 4's shared rules (URI methods, default headers, the caller's Content-Type) come
        // with the library's body-serialization function; only the encoding is new.
        try http.request(bySerializing: request, parameters: parameters, contentType: "application/json") { parameters throws(RequestSerializationError) in
            // `any Encodable` opens the existential: `encode` is called with the value's real type.
            guard let value = parameters as? any Encodable else {
                throw .invalidParameters(reason: "The `parameters` argument is not Encodable.")
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = outputFormatting
            do {
                return try encoder.encode(value)
            } catch {
                throw .bodyEncodingFailed(error)
            }
        }
    }
}
