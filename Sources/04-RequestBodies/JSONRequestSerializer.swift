import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization

// listing: json-request-serializer
/// AFNetworking's `AFJSONRequestSerializer`: the parameters of a POST, PUT or PATCH become a JSON
/// body (`Content-Type: application/json`); those of a GET, HEAD or DELETE still go into the query.
/// Where AFNetworking subclasses the HTTP serializer, this struct *has* one, `http`.
public struct JSONRequestSerializer: RequestSerializer {
    public var http: HTTPRequestSerializer
    /// `JSONSerialization`'s options: `.sortedKeys` for a body that is the same every time,
    /// `.prettyPrinted` for people, `.withoutEscapingSlashes` for URLs that stay readable.
    public var writingOptions: JSONSerialization.WritingOptions

    public init(
        http: HTTPRequestSerializer = HTTPRequestSerializer(), writingOptions: JSONSerialization.WritingOptions = []
    ) {
        self.http = http
        self.writingOptions = writingOptions
    }

    public func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError)
        -> URLRequest
    {
        try http.request(
            bySerializing: request, parameters: parameters, contentType: "application/json", encode: jsonBody(from:))
    }
}
// end-listing

// listing: json-request-body
extension JSONRequestSerializer {
    /// `parameters` as a JSON body, checked before `JSONSerialization` ever sees them: on macOS it
    /// raises an Objective-C exception for an object it cannot write (a `Date`, a struct), which
    /// no Swift `catch` can stop.
    func jsonBody(from parameters: Any) throws(RequestSerializationError) -> Data {
        guard JSONSerialization.isValidJSONObject(parameters) else {
            throw .invalidParameters(reason: "The `parameters` argument is not valid JSON.")
        }
        do {
            return try JSONSerialization.data(withJSONObject: parameters, options: writingOptions)
        } catch {
            throw .bodyEncodingFailed(error)
        }
    }
}
// end-listing
