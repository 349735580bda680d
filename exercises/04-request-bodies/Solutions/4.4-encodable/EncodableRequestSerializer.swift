import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import RequestSerialization

/// A serializer AFNetworking never had: parameters are any `Encodable` value, a struct of your own,
/// for every method. A POST, PUT or PATCH sends it as a JSON body written by `JSONEncoder`. A GET,
/// HEAD or DELETE sends it in the query, as chapter 2 writes the dictionary `JSONEncoder` makes of
/// it: its coding keys, not its property names; a nil optional left out; booleans as `1` and `0`;
/// nested values in brackets. A dictionary of parameters still works as it always did.
///
/// Parameters of a body that are not `Encodable` are `.invalidParameters`; an encoder that fails (a
/// `Double` that is not a number, say) is `.bodyEncodingFailed` for a body and
/// `.queryStringSerializationFailed` for a query, carrying the encoder's error.
public struct EncodableRequestSerializer: RequestSerializer {
    public var http: HTTPRequestSerializer

    public init(http: HTTPRequestSerializer = HTTPRequestSerializer()) {
        self.http = http
    }

    public func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError) -> URLRequest {
        // A `[String: Any]` is not `Encodable` (nor is `Any`): it goes to the query as it is.
        if http.encodesParametersInURI(request), let value = parameters as? any Encodable {
            return try http.request(bySerializing: request, parameters: try foundationObject(of: value))
        }
        return try http.request(bySerializing: request, parameters: parameters, contentType: "application/json") { parameters throws(RequestSerializationError) in
            guard let value = parameters as? any Encodable else {
                throw .invalidParameters(reason: "The `parameters` argument is not Encodable.")
            }
            do {
                return try Self.encoder.encode(value)
            } catch {
                throw .bodyEncodingFailed(error)
            }
        }
    }

    /// `value` as the Foundation objects that `JSONSerialization` reads from its JSON: a dictionary
    /// for a struct, which chapter 2 flattens like any other. Going through `JSONEncoder` is what
    /// brings `Codable`'s rules along: coding keys, nil optionals left out, nested containers.
    func foundationObject(of value: any Encodable) throws(RequestSerializationError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Self.encoder.encode(value), options: [.fragmentsAllowed])
        } catch {
            throw .queryStringSerializationFailed(error)
        }
    }

    /// Sorted keys: a body that is the same every time, whatever the order of the struct's fields.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
