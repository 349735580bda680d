import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization

/// AFNetworking's `AFPropertyListRequestSerializer`: parameters as a property-list body
/// (`Content-Type: application/x-plist`), XML by default; GET, HEAD and DELETE use the query.
public struct PropertyListRequestSerializer: RequestSerializer {
    public var http: HTTPRequestSerializer
    /// `.xml` or `.binary`. (`.openStep` can be read but not written: asking for it is an error.)
    public var format: PropertyListSerialization.PropertyListFormat
    /// Reserved by Foundation; always 0 today. Kept because AFNetworking exposes it.
    public var writeOptions: PropertyListSerialization.WriteOptions

    public init(
        http: HTTPRequestSerializer = HTTPRequestSerializer(),
        format: PropertyListSerialization.PropertyListFormat = .xml,
        writeOptions: PropertyListSerialization.WriteOptions = 0
    ) {
        self.http = http
        self.format = format
        self.writeOptions = writeOptions
    }

    public func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError)
        -> URLRequest
    {
        try http.request(bySerializing: request, parameters: parameters, contentType: "application/x-plist") {
            parameters throws(RequestSerializationError) in
            // Asked to write OpenStep, Foundation on Linux prints "not supported for writing" and
            // then traps, killing the process: refused here first.
            guard format != .openStep else { throw .bodyEncodingFailed(CocoaError(.propertyListWriteInvalid)) }
            // `NSNull`, a number as a dictionary key or a struct have no property-list form.
            guard PropertyListSerialization.propertyList(parameters, isValidFor: format) else {
                throw .invalidParameters(reason: "The `parameters` argument is not a valid property list.")
            }
            do {
                return try PropertyListSerialization.data(
                    fromPropertyList: parameters, format: format, options: writeOptions)
            } catch {
                throw .bodyEncodingFailed(error)
            }
        }
    }
}
