import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SecurityPolicy

/// Why a request over the pinned transport failed, as the transport knows it. What reaches an app
/// is `urlError`, the `URLError` URLSession itself would report, so that chapters 8–10's
/// completion paths, and an app's `(error as? URLError)?.code`, see what they see on Apple
/// platforms: a refused server is -1202, as AFNetworking 4 reports it.
package enum PinnedTransportError: Error, Sendable, CustomStringConvertible {
    /// The policy refused the server's certificates.
    case untrusted(TrustDecision, url: URL?, presented: [Data])
    /// No policy could be found for the request, so it was refused before any connection.
    case noPolicy(url: URL?, reason: String)
    /// The URL is not `https://host…`.
    case badURL(URL?)
    /// No byte moved for longer than the request's timeout.
    case timedOut(url: URL?, limit: TimeInterval)
    /// Everything else: no connection, a lost one, a malformed response, a body stream that
    /// failed… with the URLSession code that says which, and a sentence that says why.
    case failed(URLError.Code, url: URL?, detail: String, underlying: (any Error & Sendable)? = nil)

    // listing: server-trust-error
    /// The code an app tests. `URLError.Code`'s raw values are Apple's on every platform; on
    /// Linux, FoundationNetworking's `NSURLErrorServerCertificateUntrusted` is -1203, one off
    /// (`LinuxGapTests/shiftedConstants`), so the constants are never used here.
    package var code: URLError.Code {
        switch self {
        case .untrusted, .noPolicy: .serverCertificateUntrusted  // -1202
        case .badURL: .badURL
        case .timedOut: .timedOut
        case .failed(let code, _, _, _): code
        }
    }

    /// AFNetworking 4.0.1's `serverTrustErrorForServerTrust:url:` fills the description, the URL
    /// keys and the peer's trust; here the trust is the chain the server presented.
    package var urlError: URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description, Self.userInfoKey: self]
        if case .untrusted(_, _, let presented) = self { info[NSURLErrorFailingURLPeerTrustErrorKey] = presented }
        if case .failed(_, _, _, let underlying?) = self { info[NSUnderlyingErrorKey] = underlying }
        if let url {
            info[NSURLErrorFailingURLErrorKey] = url
            info[Self.failingURLStringKey] = url.absoluteString
        }
        return URLError(code, userInfo: info)
    }
    // end-listing

    /// Where `urlError` keeps this value, for a test (or a log) that wants the policy's decision.
    package static let userInfoKey = "PinnedTransportError"

    /// `NSURLErrorFailingURLStringErrorKey`, which AFNetworking still fills; Foundation marks the
    /// constant deprecated, so it is spelled out rather than warned about.
    static let failingURLStringKey = "NSErrorFailingURLStringKey"

    package var url: URL? {
        switch self {
        case .untrusted(_, let url, _), .noPolicy(let url, _), .badURL(let url), .timedOut(let url, _),
            .failed(_, let url, _, _):
            url
        }
    }

    package var description: String {
        switch self {
        case .untrusted(let decision, let url, _):
            "The certificate of \(url?.host ?? "the server") is not trusted (\(decision)): the server may not be who it says it is."
        case .noPolicy(let url, let reason):
            "The request to \(url?.absoluteString ?? "no URL") was refused: no security policy was found for it (\(reason))."
        case .badURL(let url): "\(url?.absoluteString ?? "no URL") is not an https URL with a host"
        case .timedOut(let url, let limit):
            "The request to \(url?.absoluteString ?? "no URL") timed out: nothing arrived for \(limit) s."
        case .failed(_, _, let detail, _): detail
        }
    }

    /// The error with the request's URL, for an error made before the URL was known.
    func at(_ url: URL?) -> PinnedTransportError {
        switch self {
        case .untrusted(let decision, nil, let presented): .untrusted(decision, url: url, presented: presented)
        case .noPolicy(nil, let reason): .noPolicy(url: url, reason: reason)
        case .timedOut(nil, let limit): .timedOut(url: url, limit: limit)
        case .failed(let code, nil, let detail, let underlying):
            .failed(code, url: url, detail: detail, underlying: underlying)
        default: self
        }
    }
}
