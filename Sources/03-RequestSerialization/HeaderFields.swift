import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One default header, with its name as it was given: looked up without regard to case, sent as
/// written.
struct HeaderField: Hashable, Sendable {
    var name: String
    var value: String
}

extension HTTPRequestSerializer {
    /// The default headers, by name as given. AFNetworking's `HTTPRequestHeaders`.
    public var httpRequestHeaders: [String: String] {
        Dictionary(uniqueKeysWithValues: headerFields.values.map { ($0.name, $0.value) })
    }

    // listing: default-headers
    /// Sets a default header, or removes it when `value` is nil. Names are case-insensitive:
    /// setting `content-type` replaces `Content-Type`.
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
        headerFields[field.lowercased()] = value.map { HeaderField(name: field, value: $0) }
    }

    /// The default header called `field`, in any case, or nil.
    public func value(forHTTPHeaderField field: String) -> String? {
        headerFields[field.lowercased()]?.value
    }

    /// `request` with every default header it does not already have. A header the request sets
    /// itself always wins over the serializer's default.
    public func addingDefaultHeaders(to request: URLRequest) -> URLRequest {
        var request = request
        for field in headerFields.values where request.value(forHTTPHeaderField: field.name) == nil {
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
        return request
    }
    // end-listing

    // listing: basic-authorization
    /// Sets `Authorization: Basic …` from a user name and password: the two joined by a colon,
    /// as UTF-8, in Base64 (RFC 7617). Not encryption: send it over HTTPS only.
    public mutating func setAuthorizationHeader(username: String, password: String) {
        let credentials = Data("\(username):\(password)".utf8).base64EncodedString()
        setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
    }

    /// Removes the `Authorization` header.
    public mutating func clearAuthorizationHeader() {
        setValue(nil, forHTTPHeaderField: "Authorization")
    }
    // end-listing
}
