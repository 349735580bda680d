import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import QueryStrings

/// AFNetworking's `AFHTTPRequestSerializer`, as a value: default headers, request properties that
/// apply only when set, and parameters encoded in the URL (GET, HEAD, DELETE) or as a form body.
///
/// A struct, where AFNetworking has a class: a copy never changes behind its owner's back, and a
/// value of `Sendable` parts is safe to share across threads, which AFNetworking's mutable
/// dictionaries were not (its tests hammer `setValue:forHTTPHeaderField:` from a thousand threads).
public struct HTTPRequestSerializer: RequestSerializer {
    /// The default headers, stored by lower-cased name: HTTP header names are case-insensitive, and
    /// `Content-Type` and `content-type` must be one header, not two that race to be sent.
    var headerFields: [String: HeaderField] = [:]

    /// The methods whose parameters go into the URL's query instead of a body. Compared with the
    /// request's method upper-cased, so `get` counts as `GET`.
    public var httpMethodsEncodingParametersInURI: Set<String> = ["GET", "HEAD", "DELETE"]

    /// How parameters become a query string: AFNetworking's default style, or your own closure.
    public var queryStringSerialization: QueryStringSerialization = .defaultStyle

    // Request properties. Each is nil until set, and only those set are written onto a new request
    // (see RequestProperties.swift for why that matters).
    public var allowsCellularAccess: Bool?
    public var cachePolicy: URLRequest.CachePolicy?
    public var httpShouldHandleCookies: Bool?
    public var httpShouldUsePipelining: Bool?
    public var networkServiceType: URLRequest.NetworkServiceType?
    public var timeoutInterval: TimeInterval?

    /// A serializer with AFNetworking's two default headers: `Accept-Language` from `languages`, and
    /// `User-Agent` (none when `userAgent` is nil). The defaults read this machine's settings; pass
    /// your own for output that does not depend on where it runs.
    public init(languages: [String] = Locale.preferredLanguages, userAgent: String? = UserAgent.current) {
        setValue(acceptLanguage(from: languages), forHTTPHeaderField: "Accept-Language")
        setValue(userAgent, forHTTPHeaderField: "User-Agent")
    }

    public var http: HTTPRequestSerializer { self }

    /// A request for `method` and `urlString` with the set request properties, before any header or
    /// parameter is added: the first half of `request(method:urlString:parameters:)`.
    public func plainRequest(method: String, urlString: String) throws(RequestSerializationError) -> URLRequest {
        guard let url = URL(string: urlString) else { throw .badURL(urlString) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        applyRequestProperties(to: &request)
        return request
    }

    // listing: serializing-a-request
    public func request(bySerializing request: URLRequest, parameters: Any?) throws(RequestSerializationError)
        -> URLRequest
    {
        var serialized = addingDefaultHeaders(to: request)
        // No parameters, no query; but an empty dictionary gives an empty query, and that matters
        // below: a POST with no parameters still gets a form body, an empty one.
        let query = try parameters.map { parameters throws(RequestSerializationError) in
            try queryString(for: request, parameters: parameters)
        }
        if encodesParametersInURI(serialized) {
            if let query, !query.isEmpty {
                serialized.url = try appendingQuery(query, to: serialized.url)
            }
        } else {
            // AFNetworking #2864: an empty string is a valid x-www-form-urlencoded body, so a
            // request without parameters still gets one, and its Content-Type with it.
            if serialized.value(forHTTPHeaderField: "Content-Type") == nil {
                serialized.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            }
            serialized.httpBody = Data((query ?? "").utf8)
        }
        return serialized
    }

    /// Whether `request`'s method carries its parameters in the URL rather than in a body.
    public func encodesParametersInURI(_ request: URLRequest) -> Bool {
        httpMethodsEncodingParametersInURI.contains((request.httpMethod ?? "GET").uppercased())
    }
    // end-listing
}
