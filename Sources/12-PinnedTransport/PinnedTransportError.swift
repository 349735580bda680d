import Foundation
import SecurityPolicy

/// Why a request over the pinned transport failed. It bridges to the `NSError` URLSession would
/// report (`NSURLErrorDomain`), so that chapters 8–10's completion paths see what they see on
/// Apple platforms: a refused server is -1202, as AFNetworking 4 reports it.
public enum PinnedTransportError: Error, Sendable, CustomNSError, CustomStringConvertible {
    /// The policy refused the server's certificates.
    case untrusted(TrustDecision, url: URL?, presented: [Data])
    /// The URL is not `https://host…`.
    case badURL(URL?)
    /// No connection, or it was lost before the response ended.
    case connection(code: Int, url: URL?, detail: String)

    public static var errorDomain: String { NSURLErrorDomain }

    // listing: server-trust-error
    public var errorCode: Int {
        switch self {
        case .untrusted: NSURLErrorServerCertificateUntrusted  // -1202
        case .badURL: NSURLErrorBadURL
        case .connection(let code, _, _): code
        }
    }

    /// AFNetworking 4.0.1's `serverTrustErrorForServerTrust:url:` fills the description, the URL
    /// keys and the peer's trust; here the trust is the chain the server presented.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if case .untrusted(_, _, let presented) = self { info[NSURLErrorFailingURLPeerTrustErrorKey] = presented }
        if let url {
            info[NSURLErrorFailingURLErrorKey] = url
            info[failingURLStringKey] = url.absoluteString
        }
        return info
    }
    // end-listing

    /// `NSURLErrorFailingURLStringErrorKey`, which AFNetworking still fills; Foundation marks the
    /// constant deprecated, so it is spelled out rather than warned about.
    private var failingURLStringKey: String { "NSErrorFailingURLStringKey" }

    public var url: URL? {
        switch self {
        case .untrusted(_, let url, _), .badURL(let url), .connection(_, let url, _): url
        }
    }

    public var description: String {
        switch self {
        case .untrusted(let decision, let url, _):
            "The certificate of \(url?.host ?? "the server") is not trusted (\(decision)): the server may not be who it says it is."
        case .badURL(let url): "\(url?.absoluteString ?? "no URL") is not an https URL with a host"
        case .connection(_, _, let detail): detail
        }
    }
}
